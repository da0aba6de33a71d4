package dev.warden.panel.extension;

import java.util.function.Consumer;

/**
 * The panel configuration a {@link PanelCustomizer} adds to: the requirements' {@code tables},
 * {@code resources} and {@code relations} options (docs/admin-api.md, "Exposing a custom table" and "Resource definition" and "Relations").
 * Every method returns this object,
 * so calls chain.
 *
 * <p>Built-in tables are registered before any customizer runs, under their canonical keys
 * ({@code users}, {@code configs}, ..., {@code adminAudit}); a customizer may customize them with
 * {@link #resource} but not register their keys again.
 */
public interface PanelConfig {

    /**
     * Exposes a table as a panel resource (the requirements' {@code tables} entry). The key becomes the URL
     * segment ({@code /admin-api/<key>}), the mod scope name and the audit {@code resource} value
     * ("Exposing a custom table", rule 2). Without a {@link #resource} entry the table still works with
     * the humanized key as label, an icon guessed from the table name and all columns (rule 3).
     *
     * <p>The table's columns, primary key and foreign keys are read from the PostgreSQL catalog when the
     * registry is built, so the table must exist by then: create it with a migration listed in the jar's
     * {@code META-INF/warden-migrations.txt} (rule 4).
     *
     * @param key    canonical key: a letter then letters, digits, {@code _} or {@code -}; {@code auth} is
     *               reserved
     * @param entity a class annotated {@code @jakarta.persistence.Table(name = "...")} naming the SQL table;
     *               its field annotations ({@code @Column}, {@code @JoinColumn}) map attribute names to
     *               columns for {@link Relation#fk()} and create defaults
     * @throws IllegalArgumentException when the key is malformed or reserved
     * @throws IllegalStateException    when the key is already registered (a built-in key or another
     *                                  {@code table} call), {@code entity} has no {@code @Table} name, or the SQL
     *                                  table is already exposed under another key
     */
    PanelConfig table(String key, Class<?> entity);

    /**
     * Defines how the resource {@code key} looks and behaves (the requirements' {@code resources} entry).
     * Several calls for one key add to the same definition (a later setting wins). A key with no
     * {@link #table} entry (and not built in) is stored but never listed, and {@code GET /admin-api/<key>}
     * answers 404 ("Exposing a custom table", rule 1).
     *
     * @param key       canonical key of a built-in or {@link #table}-registered resource
     * @param definition receives the builder; column names given to it are SQL names, unknown ones are
     *                   dropped when the registry is built (logged at FINE)
     * @throws IllegalArgumentException when a setting is malformed (blank label, duplicate action name, ...)
     */
    PanelConfig resource(String key, Consumer<ResourceBuilder> definition);

    /**
     * Declares a relation the database does not (the requirements' {@code relations} option, keyed by table
     * key): see {@link Relation} for what {@code one} and {@code many} add. Relations from the
     * database's foreign keys are added anyway; a declared {@code one} relation on a column that already
     * has a foreign key to the same target replaces the derived one (its name and label). Targets with a
     * composite primary key are skipped (rule 4, logged at FINE).
     *
     * @param tableKey key of the table that holds the foreign key ({@link Relation#fk()} is an attribute of
     *                 its entity)
     * @throws IllegalStateException when the registry is built and {@code tableKey} or the target is not a
     *                               registered table, the fk attribute maps to no column, or the relation
     *                               name is already used on the resource that gets it
     */
    PanelConfig relation(String tableKey, Relation relation);
}
