package dev.warden.panel.extension;

/** One column's presentation ({@code columns.<sqlColumn>} in docs/admin-api.md, "Resource definition"). */
public interface ColumnBuilder {

    /**
     * Overrides the humanized column label.
     *
     * @throws IllegalArgumentException when blank
     */
    ColumnBuilder label(String label);

    /**
     * Renders the cell as a link to the show page of resource {@code resourceKey}, the cell keeping its
     * raw value (rule 4: {@code linkTo: {resource}}; catalog {@code link_to: {"resource": key}}). Adds no
     * relation and no {@code _labels} entry; a key that is not registered is kept but logged at WARNING.
     */
    ColumnBuilder linkTo(String resourceKey);

    /**
     * Renders the cell as a link whose target resource key is the value of {@code sqlColumn} on the same
     * row (rule 4: {@code linkTo: {resourceFromColumn}}; catalog
     * {@code link_to: {"resourceFromColumn": column}}), as the audit log does for {@code target_id} keyed on
     * {@code resource}. An unknown column drops the link.
     */
    ColumnBuilder linkToResourceFromColumn(String sqlColumn);

    /**
     * Shows the column but never writes it through the generic create and update: a body's value for it is
     * accepted and ignored, so a row read and sent back whole (react-admin's PUT) cannot undo what your own
     * code changed meanwhile. The built-in {@code users.ban} and {@code users.token_version} are read-only this
     * way (only the moderation endpoints change them).
     */
    ColumnBuilder readOnly();

    /**
     * Fills the column from the session: on create it is set to the signed-in operator's user id whatever
     * the body says; a body's value for it is ignored on create and update. The built-in
     * {@code userNotes.author_id} works this way.
     */
    ColumnBuilder fromOperator();

    /**
     * Who may read this column (Directus and Jmix field permissions): a caller the policy
     * refuses never sees it: it is absent from list, read, relation rows, export, {@code _labels} (when it is the
     * label column) and the catalog's columns, filtering, sorting or searching on it answers 422 as for an unknown
     * column, and a body naming it is refused (403). The same values as a resource policy ({@link Policy#roles},
     * {@link Policy#everyone()}, {@link Policy#deny()}); mod scopes still decide first whether the resource is
     * reachable at all. Primary-key columns ignore it (a row needs its address).
     *
     * @throws IllegalArgumentException when {@code policy} is null
     */
    ColumnBuilder read(Policy policy);

    /**
     * Who may write this column through the generic create and update: a body that writes it
     * is 403 naming the column for anyone else (on update, a value equal to the row's current one is accepted
     * and ignored, so a readable row can be sent back whole); the catalog marks it {@code read_only} for them.
     * A column the caller may not read is not writable either.
     *
     * @throws IllegalArgumentException when {@code policy} is null
     */
    ColumnBuilder write(Policy policy);
}
