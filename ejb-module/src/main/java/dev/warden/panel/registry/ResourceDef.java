package dev.warden.panel.registry;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A table exposed as a panel resource: its key, presentation and the columns the panel may touch
 * (spec/admin-panel.md, Resource definition). Immutable; built once by {@link ResourceRegistry}.
 *
 * <p>{@link #columns()} holds only visible columns: a hidden column (such as {@code password_hash}) is
 * never selected, listed, filtered or sorted on.
 */
public final class ResourceDef {

    /** A sort order: SQL column and {@code asc}/{@code desc}. */
    public record Sort(String field, String order) {
    }

    private final String key;
    private final String label;
    private final AdminIcon icon;
    private final String table;
    private final Class<?> entityClass;
    private final Map<String, ColumnDef> columns;
    private final List<String> primaryKey;
    private final List<String> listColumns;
    private final List<String> formFields;
    private final List<String> showFields;
    private final Sort defaultSort;
    private final List<RelationDef> relations;

    ResourceDef(String key, String label, AdminIcon icon, String table, Class<?> entityClass,
                List<ColumnDef> columns, List<String> primaryKey, List<String> listColumns,
                List<String> formFields, List<String> showFields, Sort defaultSort, List<RelationDef> relations) {
        this.key = key;
        this.label = label;
        this.icon = icon;
        this.table = table;
        this.entityClass = entityClass;
        Map<String, ColumnDef> byName = new LinkedHashMap<>();
        columns.forEach(c -> byName.put(c.name(), c));
        this.columns = java.util.Collections.unmodifiableMap(byName);
        this.primaryKey = List.copyOf(primaryKey);
        this.listColumns = List.copyOf(listColumns);
        this.formFields = List.copyOf(formFields);
        this.showFields = List.copyOf(showFields);
        this.defaultSort = defaultSort;
        this.relations = List.copyOf(relations);
    }

    /** Canonical key: URL segment, mod scope name and audit {@code resource}. */
    public String key() {
        return key;
    }

    public String label() {
        return label;
    }

    public AdminIcon icon() {
        return icon;
    }

    /** SQL table name (unquoted). */
    public String table() {
        return table;
    }

    /** The JPA entity mapped to the table. */
    public Class<?> entityClass() {
        return entityClass;
    }

    /** Visible columns in table order. */
    public List<ColumnDef> columns() {
        return List.copyOf(columns.values());
    }

    /** The visible column named {@code name}, if any. */
    public Optional<ColumnDef> column(String name) {
        return Optional.ofNullable(columns.get(name));
    }

    /** Primary-key columns in table order. */
    public List<String> primaryKey() {
        return primaryKey;
    }

    /** True when the row address is base64url of a JSON array of key values. */
    public boolean hasCompositeKey() {
        return primaryKey.size() > 1;
    }

    public List<String> listColumns() {
        return listColumns;
    }

    public List<String> formFields() {
        return formFields;
    }

    public List<String> showFields() {
        return showFields;
    }

    public Sort defaultSort() {
        return defaultSort;
    }

    public List<RelationDef> relations() {
        return relations;
    }

    /** The {@code one} relation whose foreign key is {@code column}, if any. */
    public Optional<RelationDef> oneRelationOn(String column) {
        return relations.stream().filter(r -> RelationDef.ONE.equals(r.kind()) && r.fk().equals(column)).findFirst();
    }
}
