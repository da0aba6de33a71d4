package dev.warden.panel.extension;

import java.util.function.Consumer;

/**
 * A resource definition (docs/admin-api.md, "Resource definition"), given to
 * {@link PanelConfig#resource}. Every method returns this builder. Column names are SQL names
 * (snake_case); names the table does not have, including camelCase property names, are dropped without
 * an error when the registry is built (rule 1; logged at FINE).
 */
public interface ResourceBuilder {

    /**
     * Sidebar and page title; default the humanized key ({@code highScores} gives "High Scores").
     *
     * @throws IllegalArgumentException when blank
     */
    ResourceBuilder label(String label);

    /** Sidebar icon; default guessed from the table name ({@link AdminIcon#guess}). */
    ResourceBuilder icon(AdminIcon icon);

    /** The list view: {@code l -> l.columns("id", "score").defaultSort("score", SortOrder.DESC)}. */
    ResourceBuilder list(Consumer<ListBuilder> list);

    /** Create and edit forms: {@code f -> f.fields("user_id", "score")}. */
    ResourceBuilder form(Consumer<FormBuilder> form);

    /** The read-only detail page: {@code s -> s.fields("id", "user_id", "score")}. */
    ResourceBuilder show(Consumer<ShowBuilder> show);

    /**
     * One column's presentation ({@code columns.<sqlColumn>}):
     * {@code c -> c.label("Player").linkTo("users")}. An unknown column is dropped.
     */
    ResourceBuilder column(String sqlColumn, Consumer<ColumnBuilder> column);

    /**
     * Overrides the tab or field label of the relation {@code name} ({@code relations.<name>.label}),
     * whether it comes from a foreign key or from {@link PanelConfig#relation}. An unknown name is dropped.
     *
     * @throws IllegalArgumentException when {@code label} is blank
     */
    ResourceBuilder relationLabel(String name, String label);

    /** Create behaviour: {@code c -> c.defaults(ctx -> Map.of("season", currentSeason()))}. */
    ResourceBuilder create(Consumer<CreateBuilder> create);

    /**
     * Adds a custom action (docs/admin-api.md, "Custom actions"); appears in the catalog's {@code actions}.
     *
     * @throws IllegalArgumentException when an action with the same name is already defined here
     */
    ResourceBuilder action(Action action);

    /**
     * Sets the policy for one CRUD operation (docs/admin-api.md, "Authentication" rule 5). A policy replaces the
     * standard role rule for that operation on this resource (rule 6). Stored on the resource; a later
     * call for the same operation replaces the earlier one.
     */
    ResourceBuilder policy(Operation operation, Policy policy);

    /**
     * SQL columns that never leave the server, like the built-in {@code users.password_hash}: they are not in
     * the catalog, rows, forms, filters, sorts or audit payloads, and a write cannot set them (use for secret
     * hashes, e.g. {@code token_hash}). Unknown names are ignored. Several calls add up.
     */
    ResourceBuilder hide(String... sqlColumns);

    /**
     * Makes the resource read-only in the panel: create, update and delete are refused (403) to everyone,
     * admins included, whatever {@link #policy} says, and the catalog's {@code can} flags say so; list and
     * read follow the policies and the role rule as usual. For tables only your own code writes, such as the
     * built-in audit log ({@code adminAudit}, append-only).
     */
    ResourceBuilder readOnly();

    /**
     * Accepts a write-only {@code field} in create and update bodies and stores what {@code store} computes
     * from it in the SQL column {@code sqlColumn}, which is hidden (as with {@link #hide}): the built-in
     * {@code users} resource takes {@code password} and stores its hash in {@code password_hash} this way. The
     * field is never in the catalog, rows or audit payloads; a body without it leaves the column as it is. A
     * field named like a visible column, or a column the table does not have, is dropped (logged at FINE).
     * A later call for the same field replaces the earlier one.
     *
     * @throws IllegalArgumentException when {@code field} or {@code sqlColumn} is blank
     */
    ResourceBuilder writeOnly(String field, String sqlColumn, WriteOnlyField store);
}
