package dev.warden.panel.registry;

import java.util.List;
import java.util.Map;

/**
 * What the PostgreSQL catalog says about one registered table ({@link CatalogReader}), before relations are
 * derived.
 *
 * @param spec        the {@code tables} entry
 * @param table       SQL table name
 * @param columns     visible columns in table order
 * @param primaryKey  primary-key columns in key order
 * @param foreignKeys single-column foreign keys: column to referenced table name
 * @param hidden      the hidden columns that exist, by name (written only through write-only fields)
 */
public record TableFacts(
        TableSpec spec,
        String table,
        List<ColumnDef> columns,
        List<String> primaryKey,
        Map<String, String> foreignKeys,
        Map<String, ColumnDef> hidden) {

    /** Facts without hidden columns. */
    public TableFacts(
            TableSpec spec,
            String table,
            List<ColumnDef> columns,
            List<String> primaryKey,
            Map<String, String> foreignKeys) {
        this(spec, table, columns, primaryKey, foreignKeys, Map.of());
    }

    /** The canonical key. */
    public String key() {
        return spec.key();
    }
}
