package dev.warden.panel.registry;

import dev.warden.common.sql.Sql;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads one table's columns, types, nullability, defaults, primary key and single-column foreign keys from
 * the PostgreSQL catalog of the connection's schema (docs/admin-api.md, "What the panel does" rule 1:
 * the database is the truth about SQL names). No other class of the registry runs SQL.
 */
final class CatalogReader {

    private static final String COLUMNS_SQL =
            """
            SELECT a.attname, t.typname, a.attnotnull, (a.atthasdef OR a.attidentity <> '') AS has_default
            FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
            WHERE a.attrelid = to_regclass(?) AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY a.attnum""";
    private static final String PRIMARY_KEY_SQL =
            """
            SELECT a.attname
            FROM pg_constraint c CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
            WHERE c.conrelid = to_regclass(?) AND c.contype = 'p'
            ORDER BY k.ord""";
    private static final String FOREIGN_KEYS_SQL =
            """
            SELECT a.attname, rt.relname
            FROM pg_constraint c
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
            JOIN pg_class rt ON rt.oid = c.confrelid
            WHERE c.conrelid = to_regclass(?) AND c.contype = 'f' AND cardinality(c.conkey) = 1
            ORDER BY a.attnum""";

    private CatalogReader() {}

    /**
     * The catalog facts of {@code spec}'s table; columns in {@code hidden} are kept apart.
     *
     * @param origin who registered the table, for error messages
     * @throws IllegalStateException when the table does not exist or has no primary key
     * @throws SQLException          when the catalog cannot be read
     */
    static TableFacts read(Connection connection, TableSpec spec, Set<String> hidden, String origin)
            throws SQLException {
        String table = EntityColumns.tableOf(spec.entityClass());
        List<String> primaryKey = Sql.list(connection, PRIMARY_KEY_SQL, rs -> rs.getString(1), table);
        List<ColumnDef> columns = new ArrayList<>();
        Map<String, ColumnDef> hiddenColumns = new LinkedHashMap<>();
        List<ColumnDef> all = Sql.list(
                connection,
                COLUMNS_SQL,
                rs -> new ColumnDef(
                        rs.getString(1),
                        Names.humanize(rs.getString(1)),
                        ColumnType.fromPostgres(rs.getString(2)),
                        rs.getString(2),
                        !rs.getBoolean(3),
                        rs.getBoolean(4),
                        primaryKey.contains(rs.getString(1)),
                        null,
                        null),
                table);
        for (ColumnDef column : all) {
            if (hidden.contains(column.name())) {
                hiddenColumns.put(column.name(), column);
            } else {
                columns.add(column);
            }
        }
        if (columns.isEmpty() && hiddenColumns.isEmpty()) {
            throw new IllegalStateException("Table " + table + " of resource '" + spec.key() + "' (" + origin
                    + ") does not exist in the current schema (create it with a migration listed in a "
                    + "META-INF/warden-migrations.txt first)");
        }
        if (primaryKey.isEmpty()) {
            throw new IllegalStateException(
                    "Table " + table + " of resource '" + spec.key() + "' (" + origin + ") has no primary key");
        }
        Map<String, String> foreignKeys = new LinkedHashMap<>();
        for (String[] key :
                Sql.list(connection, FOREIGN_KEYS_SQL, rs -> new String[] {rs.getString(1), rs.getString(2)}, table)) {
            foreignKeys.put(key[0], key[1]);
        }
        return new TableFacts(spec, table, columns, primaryKey, foreignKeys, hiddenColumns);
    }
}
