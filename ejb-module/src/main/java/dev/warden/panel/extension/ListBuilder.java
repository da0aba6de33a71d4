package dev.warden.panel.extension;

/** The list view of a resource ({@code list} in docs/admin-api.md, "Resource definition"). */
public interface ListBuilder {

    /**
     * Columns in the list view, in order (SQL names). Primary-key columns are always included: missing
     * ones are put first. Unknown names are dropped. Without this call every column is listed.
     */
    ListBuilder columns(String... sqlColumns);

    /**
     * Sort applied when a list request has no {@code _sort}; default the first primary-key column
     * descending. An unknown column is dropped (the default stays).
     */
    ListBuilder defaultSort(String sqlColumn, SortOrder order);
}
