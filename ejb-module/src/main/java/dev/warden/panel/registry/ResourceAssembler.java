package dev.warden.panel.registry;

import dev.warden.panel.extension.Policy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Assembles the panel's resources from the catalog facts, the relation graph and the {@code resources}
 * entries (docs/admin-api.md, "Resource definition"). Pure: no database, no container.
 *
 * <p>Unknown column names in a {@code resources} entry are dropped (logged at FINE), primary keys are always
 * listed ({@link ColumnSelection}); a {@code linkTo} naming an unregistered resource is kept but logged at
 * WARNING.
 */
public final class ResourceAssembler {

    private static final Logger LOG = Logger.getLogger(ResourceAssembler.class.getName());

    private ResourceAssembler() {}

    /**
     * The resources of {@code facts}, in their order (the sidebar order).
     *
     * @throws IllegalStateException when a declared relation names an unknown table key, target or
     *                               attribute, or reuses a relation name
     */
    public static Map<String, ResourceDef> assemble(List<TableFacts> facts, PanelSettings settings) {
        RelationGraph graph = RelationGraph.build(facts, settings.relations());
        Map<String, ResourceDef> result = new LinkedHashMap<>();
        for (TableFacts f : facts) {
            ResourceSettings rs = settings.resources().get(f.key());
            result.put(f.key(), define(f, rs != null ? rs : new ResourceSettings(f.key()), graph));
        }
        return Collections.unmodifiableMap(result);
    }

    /** One resource: catalog facts, relations and the {@code resources} entry. */
    private static ResourceDef define(TableFacts f, ResourceSettings rs, RelationGraph graph) {
        String key = f.key();
        Map<String, ColumnDef> cols = new LinkedHashMap<>(graph.columns(key));
        List<String> names = List.copyOf(cols.keySet());
        Set<String> readOnlyColumns = new LinkedHashSet<>();
        Set<String> operatorColumns = new LinkedHashSet<>();
        Map<String, Policy> readPolicies = new LinkedHashMap<>();
        Map<String, Policy> writePolicies = new LinkedHashMap<>();
        for (Map.Entry<String, ResourceSettings.ColumnSettings> e : rs.columns().entrySet()) {
            ColumnDef column = cols.get(e.getKey());
            if (column == null) {
                LOG.log(
                        Level.FINE,
                        "Panel resource ''{0}'': columns names ''{1}'', which is not a column; dropped",
                        new Object[] {key, e.getKey()});
                continue;
            }
            ResourceSettings.ColumnSettings c = e.getValue();
            cols.put(e.getKey(), present(key, column, c, cols, graph));
            if (c.isReadOnly()) {
                readOnlyColumns.add(column.name());
            }
            if (c.isFromOperator()) {
                operatorColumns.add(column.name());
            }
            if (c.readPolicy() != null) {
                if (f.primaryKey().contains(column.name())) {
                    LOG.log(
                            Level.WARNING,
                            "Panel resource ''{0}'': column ''{1}'' is part of the primary key; its "
                                    + "read policy is ignored (a row needs its address)",
                            new Object[] {key, column.name()});
                } else {
                    readPolicies.put(column.name(), c.readPolicy());
                }
            }
            if (c.writePolicy() != null) {
                writePolicies.put(column.name(), c.writePolicy());
            }
        }
        ResourceDef.Sort sort = null;
        if (rs.sortColumn() != null) {
            if (cols.containsKey(rs.sortColumn())) {
                sort = new ResourceDef.Sort(rs.sortColumn(), rs.sortOrder());
            } else {
                LOG.log(
                        Level.FINE,
                        "Panel resource ''{0}'': list.defaultSort names ''{1}'', which is not a column; " + "dropped",
                        new Object[] {key, rs.sortColumn()});
            }
        }
        return ResourceDef.builder(key, f.table(), f.spec().entityClass())
                .label(rs.label())
                .icon(rs.icon())
                .columns(List.copyOf(cols.values()))
                .primaryKey(f.primaryKey())
                .listColumns(ColumnSelection.listColumns(key, rs.listColumns(), names, f.primaryKey()))
                .formFields(ColumnSelection.known(key, "form.fields", rs.formFields(), names))
                .showFields(ColumnSelection.known(key, "show.fields", rs.showFields(), names))
                .defaultSort(sort)
                .relations(labelled(key, graph.relations(key), rs))
                .actions(rs.actions())
                .policies(rs.policies())
                .createDefaults(rs.defaults())
                .attributeColumns(EntityColumns.attributeColumns(f.spec().entityClass(), names))
                .readOnly(rs.isReadOnly())
                .readOnlyColumns(readOnlyColumns)
                .operatorColumns(operatorColumns)
                .columnPolicies(readPolicies, writePolicies)
                .writeOnly(writeOnly(f, rs, cols))
                .build();
    }

    /** {@code column} with its configured label and link. */
    private static ColumnDef present(
            String key,
            ColumnDef column,
            ResourceSettings.ColumnSettings c,
            Map<String, ColumnDef> cols,
            RelationGraph graph) {
        if (c.label() != null) {
            column = column.withLabel(c.label());
        }
        if (c.linkTo() != null) {
            if (!graph.isTable(c.linkTo())) {
                LOG.warning("Panel resource '" + key + "': column " + column.name() + " links to '" + c.linkTo()
                        + "', which is not a registered resource");
            }
            column = column.withLinkTo(c.linkTo());
        } else if (c.linkFromColumn() != null) {
            if (cols.containsKey(c.linkFromColumn())) {
                column = column.withLinkFromColumn(c.linkFromColumn());
            } else {
                LOG.log(
                        Level.FINE,
                        "Panel resource ''{0}'': column {1} takes its link from ''{2}'', which is "
                                + "not a column; link dropped",
                        new Object[] {key, column.name(), c.linkFromColumn()});
            }
        }
        return column;
    }

    /** The relations with their {@code relationLabel} overrides; unknown names logged and dropped. */
    private static List<RelationDef> labelled(String key, List<RelationDef> relations, ResourceSettings rs) {
        List<RelationDef> labelled = new ArrayList<>();
        for (RelationDef r : relations) {
            String label = rs.relationLabels().get(r.name());
            labelled.add(label == null ? r : new RelationDef(r.name(), label, r.target(), r.kind(), r.fk()));
        }
        rs.relationLabels().keySet().stream()
                .filter(n -> relations.stream().noneMatch(r -> r.name().equals(n)))
                .forEach(n -> LOG.log(
                        Level.FINE,
                        "Panel resource ''{0}'': relationLabel names ''{1}'', which is not " + "a relation; dropped",
                        new Object[] {key, n}));
        return labelled;
    }

    /** The write-only fields whose hidden column exists and whose name is no visible column. */
    private static Map<String, ResourceDef.WriteOnly> writeOnly(
            TableFacts f, ResourceSettings rs, Map<String, ColumnDef> cols) {
        Map<String, ResourceDef.WriteOnly> out = new LinkedHashMap<>();
        for (ResourceSettings.WriteOnlySettings w : rs.writeOnly().values()) {
            ColumnDef column = f.hidden().get(w.column());
            if (column == null || cols.containsKey(w.field())) {
                LOG.log(
                        Level.FINE,
                        "Panel resource ''{0}'': write-only field ''{1}'' into ''{2}'' dropped ({3})",
                        new Object[] {
                            f.key(),
                            w.field(),
                            w.column(),
                            column == null ? "the table has no such column" : "a column has the field's name"
                        });
                continue;
            }
            out.put(w.field(), new ResourceDef.WriteOnly(w.field(), column, w.store()));
        }
        return out;
    }
}
