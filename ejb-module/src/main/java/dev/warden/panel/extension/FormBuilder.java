package dev.warden.panel.extension;

/** Create and edit forms ({@code form} in docs/admin-api.md, "Resource definition"). */
public interface FormBuilder {

    /**
     * Columns in the create and edit forms, in order (SQL names; unknown ones dropped). Without this call
     * every column is a field. The catalog gives them as {@code form.fields}, and as
     * {@code form.create_fields} without primary-key columns and columns with a database default: the
     * create form hides those even when listed here.
     */
    FormBuilder fields(String... sqlColumns);
}
