package dev.warden.panel.registry;

import dev.warden.panel.extension.Action;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.extension.PanelCustomizer;
import dev.warden.panel.extension.Policy;
import dev.warden.panel.extension.Relation;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
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
 * <p>Order of assembly: the built-in tables ({@link BuiltInTables#specs()}) are registered first, then every
 * {@link PanelCustomizer} CDI bean runs ({@code @Any Instance}, ordered by {@code @Priority} then class
 * name) and adds {@code tables}, {@code resources} and {@code relations} entries; then the catalog of each
 * table is read, foreign-key relations derived, declared relations added, and each {@code resources}
 * entry applied (unknown column names dropped, primary keys always listed, see {@link ColumnSelection}).
 * A {@code resources} entry without a table is stored ({@link #unlistedKeys()}) but never becomes a
 * resource, so {@code GET /admin-api/<key>} answers 404.
 *
 * @throws IllegalStateException at start-up when a table named by an entity does not exist or has no
 *                               primary key, a key is registered twice, a customizer throws, or a declared
 *                               relation names an unknown table or attribute
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

    @Inject
    @Any
    Instance<PanelCustomizer> customizers;

    private volatile Map<String, ResourceDef> resources = Map.of();
    private volatile List<String> unlisted = List.of();

    /** Column facts read from the catalog before relations are known. */
    record TableFacts(TableSpec spec, String table, List<ColumnDef> columns, List<String> primaryKey,
                      Map<String, String> foreignKeys) {
    }

    @PostConstruct
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void build() {
        long started = System.nanoTime();
        PanelSettings settings = configure();
        List<TableFacts> facts = new ArrayList<>();
        try (Connection connection = dataSource.getConnection()) {
            for (TableSpec spec : settings.tables().values()) {
                facts.add(readTable(connection, withHidden(spec, settings), settings.originOf(spec.key())));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read the database catalog: " + e.getMessage(), e);
        }
        resources = assemble(facts, settings);
        unlisted = settings.unlistedKeys();
        if (!unlisted.isEmpty()) {
            LOG.info(() -> "Panel: resources entries without a tables entry are stored but not listed: " + unlisted);
        }
        LOG.info(() -> "Panel: " + resources.size() + " resources registered " + resources.keySet() + " ("
                + (System.nanoTime() - started) / 1_000_000 + " ms)");
    }

    /** {@code spec} with the columns its {@code resources} entry hides ({@code ResourceBuilder.hide}) added. */
    static TableSpec withHidden(TableSpec spec, PanelSettings settings) {
        ResourceSettings resource = settings.resources().get(spec.key());
        if (resource == null || resource.hidden().isEmpty()) {
            return spec;
        }
        java.util.Set<String> hidden = new java.util.LinkedHashSet<>(spec.hidden());
        hidden.addAll(resource.hidden());
        return new TableSpec(spec.key(), spec.entityClass(), spec.label(), java.util.Set.copyOf(hidden),
                spec.defaultSort(), spec.linkFromColumn());
    }

    /** The built-in tables, then every customizer in order. */
    private PanelSettings configure() {
        PanelSettings settings = PanelSettings.withBuiltIns(BuiltInTables.specs());
        List<Instance.Handle<PanelCustomizer>> handles = new ArrayList<>();
        customizers.handles().forEach(handles::add);
        handles.sort(Comparator.comparingInt((Instance.Handle<PanelCustomizer> h) -> priority(h.getBean().getBeanClass()))
                .thenComparing(h -> h.getBean().getBeanClass().getName()));
        for (Instance.Handle<PanelCustomizer> handle : handles) {
            String name = handle.getBean().getBeanClass().getName();
            settings.origin(name);
            try {
                handle.get().customize(settings);
            } catch (RuntimeException e) {
                throw new IllegalStateException("PanelCustomizer " + name + " failed: " + e.getMessage(), e);
            }
            LOG.fine(() -> "Panel: applied customizer " + name);
        }
        return settings;
    }

    private static int priority(Class<?> type) {
        Priority priority = type.getAnnotation(Priority.class);
        return priority == null ? 0 : priority.value();
    }

    /** All resources in sidebar order. */
    public Collection<ResourceDef> all() {
        return resources.values();
    }

    /** The resource with canonical key {@code key}, if registered. */
    public Optional<ResourceDef> find(String key) {
        return Optional.ofNullable(resources.get(key));
    }

    /**
     * Keys of {@code resources} entries that have no {@code tables} entry: stored, never listed, 404 on the
     * API (spec/admin-panel.md, "Exposing a custom table", rule 1).
     */
    public List<String> unlistedKeys() {
        return unlisted;
    }

    /** Table name of a JPA entity, from its {@code @Table} annotation (see {@link EntityColumns#tableOf}). */
    static String tableOf(Class<?> entity) {
        return EntityColumns.tableOf(entity);
    }

    private static TableFacts readTable(Connection connection, TableSpec spec, String origin) throws SQLException {
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
                    columns.add(column);
                }
            }
        }
        if (columns.isEmpty()) {
            throw new IllegalStateException("Table " + table + " of resource '" + spec.key() + "' (" + origin
                    + ") does not exist in the current schema (create it with a migration listed in a "
                    + "META-INF/warden-migrations.txt first)");
        }
        if (primaryKey.isEmpty()) {
            throw new IllegalStateException("Table " + table + " of resource '" + spec.key() + "' (" + origin
                    + ") has no primary key");
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

    /**
     * Builds the resources from the catalog facts and the collected settings (pure: no database).
     *
     * @throws IllegalStateException when a declared relation names an unknown table key, target or
     *                               attribute, or reuses a relation name
     */
    static Map<String, ResourceDef> assemble(List<TableFacts> facts, PanelSettings settings) {
        Map<String, TableFacts> byTable = new HashMap<>();
        Map<String, TableFacts> byKey = new LinkedHashMap<>();
        facts.forEach(f -> {
            byTable.put(f.table(), f);
            byKey.put(f.spec().key(), f);
        });
        Map<String, List<RelationDef>> relations = new HashMap<>();
        facts.forEach(f -> relations.put(f.spec().key(), new ArrayList<>()));
        Map<String, Map<String, ColumnDef>> columns = new HashMap<>();
        for (TableFacts f : facts) {
            Map<String, ColumnDef> linked = new LinkedHashMap<>();
            for (ColumnDef column : f.columns()) {
                TableFacts target = byTable.get(f.foreignKeys().get(column.name()));
                if (target == null || target.primaryKey().size() != 1) {
                    linked.put(column.name(), column);
                    continue;
                }
                String targetKey = target.spec().key();
                String name = Names.relationName(column.name());
                relations.get(f.spec().key()).add(new RelationDef(name, Names.humanize(column.name()), targetKey,
                        RelationDef.ONE, column.name()));
                linked.put(column.name(), column.withLinkTo(targetKey));
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
        for (PanelSettings.DeclaredRelation declared : settings.relations()) {
            declare(declared, byKey, relations, columns);
        }
        Map<String, ResourceDef> result = new LinkedHashMap<>();
        for (TableFacts f : facts) {
            String key = f.spec().key();
            result.put(key, define(f, settings.resources().get(key), columns.get(key), relations.get(key), byKey));
        }
        return java.util.Collections.unmodifiableMap(result);
    }

    /** Adds one {@code relation(...)} declaration (spec, Relations, rules 2 to 4). */
    private static void declare(PanelSettings.DeclaredRelation declared, Map<String, TableFacts> byKey,
                                Map<String, List<RelationDef>> relations, Map<String, Map<String, ColumnDef>> columns) {
        Relation relation = declared.relation();
        String where = "relation(\"" + declared.tableKey() + "\", " + relation.name() + ") from " + declared.origin();
        TableFacts source = byKey.get(declared.tableKey());
        if (source == null) {
            throw new IllegalStateException(where + ": '" + declared.tableKey() + "' is not a registered table key "
                    + "(register it with table(...) first)");
        }
        TableFacts target = byKey.get(relation.target());
        if (target == null) {
            throw new IllegalStateException(where + ": target '" + relation.target() + "' is not a registered table key");
        }
        Map<String, ColumnDef> sourceColumns = columns.get(source.spec().key());
        Map<String, String> attributes = EntityColumns.attributeColumns(source.spec().entityClass(), sourceColumns.keySet());
        String fk = EntityColumns.resolve(attributes, sourceColumns.keySet(), relation.fk());
        if (fk == null) {
            throw new IllegalStateException(where + ": fk '" + relation.fk() + "' is neither an attribute of "
                    + source.spec().entityClass().getName() + " mapped to a column of " + source.table()
                    + " nor a column of it");
        }
        if (target.primaryKey().size() != 1) {
            LOG.fine(() -> where + ": target '" + relation.target() + "' has a composite primary key; skipped");
            return;
        }
        String targetKey = target.spec().key();
        if (relation.kind() == Relation.Kind.ONE) {
            List<RelationDef> own = relations.get(source.spec().key());
            own.removeIf(r -> RelationDef.ONE.equals(r.kind()) && r.fk().equals(fk) && r.target().equals(targetKey));
            requireUnusedName(own, relation.name(), source.spec().key(), where);
            own.add(new RelationDef(relation.name(), Names.humanize(relation.name()), targetKey, RelationDef.ONE, fk));
            sourceColumns.put(fk, sourceColumns.get(fk).withLinkTo(targetKey));
        } else {
            List<RelationDef> theirs = relations.get(targetKey);
            requireUnusedName(theirs, relation.name(), targetKey, where);
            theirs.add(new RelationDef(relation.name(), Names.humanize(relation.name()), source.spec().key(),
                    RelationDef.MANY, fk));
        }
    }

    private static void requireUnusedName(List<RelationDef> relations, String name, String key, String where) {
        if (relations.stream().anyMatch(r -> r.name().equals(name))) {
            throw new IllegalStateException(where + ": resource '" + key + "' already has a relation named '"
                    + name + "'");
        }
    }

    /** One resource: catalog facts, derived relations and the {@code resources} entry, if any. */
    private static ResourceDef define(TableFacts f, ResourceSettings rs, Map<String, ColumnDef> columnsByName,
                                      List<RelationDef> relations, Map<String, TableFacts> byKey) {
        TableSpec spec = f.spec();
        String key = spec.key();
        Map<String, ColumnDef> cols = new LinkedHashMap<>(columnsByName);
        List<String> names = List.copyOf(cols.keySet());
        if (rs == null) {
            rs = new ResourceSettings(key);
        }
        spec.linkFromColumn().forEach((column, from) -> {
            if (cols.containsKey(column) && cols.containsKey(from)) {
                cols.put(column, cols.get(column).withLinkFromColumn(from));
            }
        });
        for (Map.Entry<String, ResourceSettings.ColumnSettings> e : rs.columns().entrySet()) {
            ColumnDef column = cols.get(e.getKey());
            if (column == null) {
                LOG.log(Level.FINE, "Panel resource ''{0}'': columns names ''{1}'', which is not a column; dropped",
                        new Object[] {key, e.getKey()});
                continue;
            }
            ResourceSettings.ColumnSettings c = e.getValue();
            if (c.label() != null) {
                column = column.withLabel(c.label());
            }
            if (c.linkTo() != null) {
                if (!byKey.containsKey(c.linkTo())) {
                    LOG.warning("Panel resource '" + key + "': column " + e.getKey() + " links to '" + c.linkTo()
                            + "', which is not a registered resource");
                }
                column = column.withLinkTo(c.linkTo());
            } else if (c.linkFromColumn() != null) {
                if (cols.containsKey(c.linkFromColumn())) {
                    column = column.withLinkFromColumn(c.linkFromColumn());
                } else {
                    LOG.log(Level.FINE, "Panel resource ''{0}'': column {1} takes its link from ''{2}'', which is "
                            + "not a column; link dropped", new Object[] {key, e.getKey(), c.linkFromColumn()});
                }
            }
            cols.put(e.getKey(), column);
        }
        ResourceDef.Sort sort = spec.defaultSort() != null ? spec.defaultSort()
                : new ResourceDef.Sort(f.primaryKey().get(0), "desc");
        if (rs.sortColumn() != null) {
            if (cols.containsKey(rs.sortColumn())) {
                sort = new ResourceDef.Sort(rs.sortColumn(), rs.sortOrder().wireName());
            } else {
                LOG.log(Level.FINE, "Panel resource ''{0}'': list.defaultSort names ''{1}'', which is not a column; "
                        + "dropped", new Object[] {key, rs.sortColumn()});
            }
        }
        List<String> form = ColumnSelection.known(key, "form.fields", rs.formFields(), names);
        List<String> show = ColumnSelection.known(key, "show.fields", rs.showFields(), names);
        List<RelationDef> labelled = new ArrayList<>();
        for (RelationDef r : relations) {
            String label = rs.relationLabels().get(r.name());
            labelled.add(label == null ? r : new RelationDef(r.name(), label, r.target(), r.kind(), r.fk()));
        }
        rs.relationLabels().keySet().stream().filter(n -> relations.stream().noneMatch(r -> r.name().equals(n)))
                .forEach(n -> LOG.log(Level.FINE, "Panel resource ''{0}'': relationLabel names ''{1}'', which is not "
                        + "a relation; dropped", new Object[] {key, n}));
        List<Action> actions = rs.actions();
        Map<Operation, Policy> policies = rs.policies();
        String label = rs.label() != null ? rs.label() : spec.label() != null ? spec.label() : Names.humanize(key);
        AdminIcon icon = rs.icon() != null ? rs.icon() : AdminIcon.guess(f.table());
        return new ResourceDef(key, label, icon, f.table(), spec.entityClass(), List.copyOf(cols.values()),
                f.primaryKey(), ColumnSelection.listColumns(key, rs.listColumns(), names, f.primaryKey()),
                form != null ? form : names, show != null ? show : names, sort, labelled, actions, policies,
                rs.defaults(), EntityColumns.attributeColumns(spec.entityClass(), names));
    }
}
