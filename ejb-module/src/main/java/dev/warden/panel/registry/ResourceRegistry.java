package dev.warden.panel.registry;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.Table;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The panel's resources, built once at start-up after the schema migration (spec/admin-panel.md,
 * "What the service does", rules 1 and 2; DESIGN.md section 3, "Catalog").
 *
 * <p>Each table's columns, types, nullability, defaults, primary key and single-column foreign keys are
 * read from the PostgreSQL catalog of the connection's schema: the database is the truth about SQL
 * names. A foreign key to another registered table becomes a {@code one} relation on this resource
 * (its column links to the target) and a {@code many} relation on the target; targets with composite
 * keys are skipped (spec, Relations, rule 4).
 *
 * @throws IllegalStateException at start-up when a table named by an entity does not exist
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class ResourceRegistry {

    private static final Logger LOG = Logger.getLogger(ResourceRegistry.class.getName());

    private static final String COLUMNS_SQL = """
            SELECT a.attname, t.typname, a.attnotnull, (a.atthasdef OR a.attidentity <> '') AS has_default
            FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
            WHERE a.attrelid = to_regclass(?) AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY a.attnum""";
    private static final String PRIMARY_KEY_SQL = """
            SELECT a.attname
            FROM pg_constraint c CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
            WHERE c.conrelid = to_regclass(?) AND c.contype = 'p'
            ORDER BY k.ord""";
    private static final String FOREIGN_KEYS_SQL = """
            SELECT a.attname, rt.relname
            FROM pg_constraint c
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
            JOIN pg_class rt ON rt.oid = c.confrelid
            WHERE c.conrelid = to_regclass(?) AND c.contype = 'f' AND cardinality(c.conkey) = 1
            ORDER BY a.attnum""";

    @Resource(lookup = "jdbc/warden")
    DataSource dataSource;

    private volatile Map<String, ResourceDef> resources = Map.of();

    /** Column facts read from the catalog before relations are known. */
    private record TableFacts(TableSpec spec, String table, List<ColumnDef> columns, List<String> primaryKey,
                              Map<String, String> foreignKeys) {
    }

    @PostConstruct
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void build() {
        long started = System.nanoTime();
        List<TableFacts> facts = new ArrayList<>();
        try (Connection connection = dataSource.getConnection()) {
            for (TableSpec spec : BuiltInTables.specs()) {
                facts.add(readTable(connection, spec));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read the database catalog: " + e.getMessage(), e);
        }
        resources = assemble(facts);
        LOG.info(() -> "Panel: " + resources.size() + " resources registered " + resources.keySet() + " ("
                + (System.nanoTime() - started) / 1_000_000 + " ms)");
    }

    /** All resources in sidebar order. */
    public Collection<ResourceDef> all() {
        return resources.values();
    }

    /** The resource with canonical key {@code key}, if registered. */
    public Optional<ResourceDef> find(String key) {
        return Optional.ofNullable(resources.get(key));
    }

    /** Table name of a JPA entity, from its {@code @Table} annotation. */
    static String tableOf(Class<?> entity) {
        Table table = entity.getAnnotation(Table.class);
        if (table == null || table.name().isBlank()) {
            throw new IllegalStateException(entity.getName() + " has no @Table(name = ...): the panel needs the SQL table name");
        }
        return table.name();
    }

    private static TableFacts readTable(Connection connection, TableSpec spec) throws SQLException {
        String table = tableOf(spec.entityClass());
        List<ColumnDef> columns = new ArrayList<>();
        List<String> primaryKey = new ArrayList<>();
        Map<String, String> foreignKeys = new LinkedHashMap<>();
        try (PreparedStatement ps = connection.prepareStatement(PRIMARY_KEY_SQL)) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    primaryKey.add(rs.getString(1));
                }
            }
        }
        try (PreparedStatement ps = connection.prepareStatement(COLUMNS_SQL)) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String name = rs.getString(1);
                    if (spec.hidden().contains(name)) {
                        continue;
                    }
                    String typname = rs.getString(2);
                    ColumnDef column = new ColumnDef(name, Names.humanize(name), ColumnType.fromPostgres(typname),
                            typname, !rs.getBoolean(3), rs.getBoolean(4), primaryKey.contains(name), null, null);
                    String fromColumn = spec.linkFromColumn().get(name);
                    columns.add(fromColumn == null ? column : column.withLinkFromColumn(fromColumn));
                }
            }
        }
        if (columns.isEmpty()) {
            throw new IllegalStateException("Table " + table + " of resource '" + spec.key()
                    + "' does not exist in the current schema (create it with a migration first)");
        }
        if (primaryKey.isEmpty()) {
            throw new IllegalStateException("Table " + table + " of resource '" + spec.key() + "' has no primary key");
        }
        try (PreparedStatement ps = connection.prepareStatement(FOREIGN_KEYS_SQL)) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    foreignKeys.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        return new TableFacts(spec, table, columns, primaryKey, foreignKeys);
    }

    private static Map<String, ResourceDef> assemble(List<TableFacts> facts) {
        Map<String, TableFacts> byTable = new HashMap<>();
        facts.forEach(f -> byTable.put(f.table(), f));
        Map<String, List<RelationDef>> relations = new HashMap<>();
        facts.forEach(f -> relations.put(f.spec().key(), new ArrayList<>()));
        Map<String, List<ColumnDef>> columns = new HashMap<>();
        for (TableFacts f : facts) {
            List<ColumnDef> linked = new ArrayList<>();
            for (ColumnDef column : f.columns()) {
                TableFacts target = byTable.get(f.foreignKeys().get(column.name()));
                if (target == null || target.primaryKey().size() != 1) {
                    linked.add(column);
                    continue;
                }
                String targetKey = target.spec().key();
                String name = Names.relationName(column.name());
                relations.get(f.spec().key()).add(new RelationDef(name, Names.humanize(column.name()), targetKey,
                        RelationDef.ONE, column.name()));
                linked.add(column.withLinkTo(targetKey));
            }
            columns.put(f.spec().key(), linked);
        }
        // many relations: the target of each one relation gets a tab listing the rows pointing at it
        for (TableFacts f : facts) {
            for (RelationDef one : List.copyOf(relations.get(f.spec().key()))) {
                if (!RelationDef.ONE.equals(one.kind())) {
                    continue;
                }
                long sameTarget = relations.get(f.spec().key()).stream()
                        .filter(r -> RelationDef.ONE.equals(r.kind()) && r.target().equals(one.target())).count();
                String name = sameTarget > 1
                        ? f.spec().key() + Character.toUpperCase(one.name().charAt(0)) + one.name().substring(1)
                        : f.spec().key();
                String label = sameTarget > 1
                        ? Names.humanize(f.spec().key()) + " (" + Names.humanize(one.fk()) + ")"
                        : Names.humanize(f.spec().key());
                relations.get(one.target()).add(new RelationDef(name, label, f.spec().key(), RelationDef.MANY, one.fk()));
            }
        }
        Map<String, ResourceDef> result = new LinkedHashMap<>();
        for (TableFacts f : facts) {
            TableSpec spec = f.spec();
            List<ColumnDef> cols = columns.get(spec.key());
            List<String> names = cols.stream().map(ColumnDef::name).toList();
            ResourceDef.Sort sort = spec.defaultSort() != null ? spec.defaultSort()
                    : new ResourceDef.Sort(f.primaryKey().get(0), "desc");
            result.put(spec.key(), new ResourceDef(spec.key(),
                    spec.label() != null ? spec.label() : Names.humanize(spec.key()),
                    AdminIcon.guess(f.table()), f.table(), spec.entityClass(), cols, f.primaryKey(),
                    names, names, names, sort, relations.get(spec.key())));
        }
        return java.util.Collections.unmodifiableMap(result);
    }
}
