package dev.warden.panel.registry;

import dev.warden.panel.extension.Relation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;

/**
 * The relations between registered tables (docs/admin-api.md, "Relations"):
 * derived from the catalog's foreign keys, then the {@code relation(...)} declarations added. Pure: no
 * database. The result is per resource key: the relations and the visible columns with their
 * {@code link_to} set.
 *
 * <ul>
 *   <li>A foreign key to another registered table with a single-column primary key becomes a {@code one}
 *       relation on the child (its column links to the parent) and a {@code many} relation on the parent,
 *       named after the child's key (rule 1); targets with composite keys are skipped (rule 4).</li>
 *   <li>A declared {@code ONE} relation replaces a derived one on the same column and target; a declared
 *       {@code MANY} adds a tab on the target (rules 2 and 3).</li>
 * </ul>
 */
final class RelationGraph {

    private static final Logger LOG = Logger.getLogger(RelationGraph.class.getName());

    private final Map<String, TableFacts> byKey = new LinkedHashMap<>();
    private final Map<String, List<RelationDef>> relations = new HashMap<>();
    private final Map<String, Map<String, ColumnDef>> columns = new HashMap<>();

    private RelationGraph() {}

    /**
     * Derives the foreign-key relations of {@code facts} and adds {@code declared}.
     *
     * @throws IllegalStateException when a declared relation names an unknown table key, target or attribute,
     *                               or reuses a relation name
     */
    static RelationGraph build(List<TableFacts> facts, List<PanelSettings.DeclaredRelation> declared) {
        RelationGraph graph = new RelationGraph();
        facts.forEach(f -> {
            graph.byKey.put(f.key(), f);
            graph.relations.put(f.key(), new ArrayList<>());
        });
        graph.deriveForeignKeys(facts);
        declared.forEach(graph::declare);
        return graph;
    }

    /** The relations of resource {@code key}: derived ones in column order, then declared ones. */
    List<RelationDef> relations(String key) {
        return relations.get(key);
    }

    /** The visible columns of resource {@code key} by name, with {@code link_to} set by its one relations. */
    Map<String, ColumnDef> columns(String key) {
        return columns.get(key);
    }

    /** True when {@code key} is a registered table. */
    boolean isTable(String key) {
        return byKey.containsKey(key);
    }

    private void deriveForeignKeys(List<TableFacts> facts) {
        Map<String, TableFacts> byTable = new HashMap<>();
        facts.forEach(f -> byTable.put(f.table(), f));
        for (TableFacts f : facts) {
            Map<String, ColumnDef> linked = new LinkedHashMap<>();
            for (ColumnDef column : f.columns()) {
                TableFacts target = byTable.get(f.foreignKeys().get(column.name()));
                if (target == null || target.primaryKey().size() != 1) {
                    linked.put(column.name(), column);
                    continue;
                }
                relations
                        .get(f.key())
                        .add(new RelationDef(
                                Names.relationName(column.name()),
                                Names.humanize(column.name()),
                                target.key(),
                                Relation.Kind.ONE,
                                column.name()));
                linked.put(column.name(), column.withLinkTo(target.key()));
            }
            columns.put(f.key(), linked);
        }
        // many relations: the target of each one relation gets a tab listing the rows pointing at it
        for (TableFacts f : facts) {
            List<RelationDef> own = relations.get(f.key());
            for (RelationDef one : List.copyOf(own)) {
                if (!one.isOne()) {
                    continue;
                }
                long sameTarget = own.stream()
                        .filter(r -> r.isOne() && r.target().equals(one.target()))
                        .count();
                String name = sameTarget > 1
                        ? f.key()
                                + Character.toUpperCase(one.name().charAt(0))
                                + one.name().substring(1)
                        : f.key();
                String label = sameTarget > 1
                        ? Names.humanize(f.key()) + " (" + Names.humanize(one.fk()) + ")"
                        : Names.humanize(f.key());
                relations.get(one.target()).add(new RelationDef(name, label, f.key(), Relation.Kind.MANY, one.fk()));
            }
        }
    }

    /** Adds one {@code relation(...)} declaration (docs/admin-api.md, "Relations" rules 2 to 4). */
    private void declare(PanelSettings.DeclaredRelation declared) {
        Relation relation = declared.relation();
        String where = "relation(\"" + declared.tableKey() + "\", " + relation.name() + ") from " + declared.origin();
        TableFacts source = byKey.get(declared.tableKey());
        if (source == null) {
            throw new IllegalStateException(where + ": '" + declared.tableKey() + "' is not a registered table key "
                    + "(register it with table(...) first)");
        }
        TableFacts target = byKey.get(relation.target());
        if (target == null) {
            throw new IllegalStateException(
                    where + ": target '" + relation.target() + "' is not a registered table key");
        }
        Map<String, ColumnDef> sourceColumns = columns.get(source.key());
        Map<String, String> attributes =
                EntityColumns.attributeColumns(source.spec().entityClass(), sourceColumns.keySet());
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
        String targetKey = target.key();
        if (relation.kind() == Relation.Kind.ONE) {
            List<RelationDef> own = relations.get(source.key());
            own.removeIf(r -> r.isOne() && r.fk().equals(fk) && r.target().equals(targetKey));
            requireUnusedName(own, relation.name(), source.key(), where);
            own.add(new RelationDef(
                    relation.name(), Names.humanize(relation.name()), targetKey, Relation.Kind.ONE, fk));
            sourceColumns.put(fk, sourceColumns.get(fk).withLinkTo(targetKey));
        } else {
            List<RelationDef> theirs = relations.get(targetKey);
            requireUnusedName(theirs, relation.name(), targetKey, where);
            theirs.add(new RelationDef(
                    relation.name(), Names.humanize(relation.name()), source.key(), Relation.Kind.MANY, fk));
        }
    }

    private static void requireUnusedName(List<RelationDef> relations, String name, String key, String where) {
        if (relations.stream().anyMatch(r -> r.name().equals(name))) {
            throw new IllegalStateException(
                    where + ": resource '" + key + "' already has a relation named '" + name + "'");
        }
    }
}
