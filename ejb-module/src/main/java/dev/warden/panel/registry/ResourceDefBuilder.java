package dev.warden.panel.registry;

import dev.warden.panel.extension.Action;
import dev.warden.panel.extension.AdminIcon;
import dev.warden.panel.extension.DefaultsFunction;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.extension.Policy;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Builds a {@link ResourceDef} from its parts ({@link ResourceDef#builder}); columns and primary key are
 * required, everything else has a default. Replaces the former 16-argument constructor.
 */
public final class ResourceDefBuilder {

    final String key;
    final String table;
    final Class<?> entityClass;
    String label;
    AdminIcon icon;
    List<ColumnDef> columns = List.of();
    List<String> primaryKey = List.of();
    List<String> listColumns;
    List<String> formFields;
    List<String> showFields;
    ResourceDef.Sort defaultSort;
    List<RelationDef> relations = List.of();
    List<Action> actions = List.of();
    Map<Operation, Policy> policies = Map.of();
    DefaultsFunction defaults;
    Map<String, String> attributeColumns = Map.of();
    boolean readOnly;
    Set<String> readOnlyColumns = Set.of();
    Set<String> operatorColumns = Set.of();
    Map<String, ResourceDef.WriteOnly> writeOnly = Map.of();
    Map<String, Policy> readPolicies = Map.of();
    Map<String, Policy> writePolicies = Map.of();
    Set<String> hiddenColumns = Set.of();
    Set<String> lockedColumns = Set.of();

    ResourceDefBuilder(String key, String table, Class<?> entityClass) {
        this.key = Objects.requireNonNull(key, "key");
        this.table = Objects.requireNonNull(table, "table");
        this.entityClass = entityClass;
    }

    /** Sidebar and page title; null for the humanized key. */
    public ResourceDefBuilder label(String label) {
        this.label = label;
        return this;
    }

    /** Sidebar icon; null to guess from the table name. */
    public ResourceDefBuilder icon(AdminIcon icon) {
        this.icon = icon;
        return this;
    }

    /** Visible columns in table order. */
    public ResourceDefBuilder columns(List<ColumnDef> columns) {
        this.columns = List.copyOf(columns);
        return this;
    }

    /** Primary-key columns in key order (at least one). */
    public ResourceDefBuilder primaryKey(List<String> primaryKey) {
        this.primaryKey = List.copyOf(primaryKey);
        return this;
    }

    /** List-view columns (known names, primary key included); null for all columns. */
    public ResourceDefBuilder listColumns(List<String> listColumns) {
        this.listColumns = listColumns;
        return this;
    }

    /** Form fields (known names); null for all columns. */
    public ResourceDefBuilder formFields(List<String> formFields) {
        this.formFields = formFields;
        return this;
    }

    /** Detail-page fields (known names); null for all columns. */
    public ResourceDefBuilder showFields(List<String> showFields) {
        this.showFields = showFields;
        return this;
    }

    /** Default sort; null for the first primary-key column descending. */
    public ResourceDefBuilder defaultSort(ResourceDef.Sort defaultSort) {
        this.defaultSort = defaultSort;
        return this;
    }

    /** Relations in order. */
    public ResourceDefBuilder relations(List<RelationDef> relations) {
        this.relations = List.copyOf(relations);
        return this;
    }

    /** Custom actions in definition order. */
    public ResourceDefBuilder actions(List<Action> actions) {
        this.actions = List.copyOf(actions);
        return this;
    }

    /** Policies by operation. */
    public ResourceDefBuilder policies(Map<Operation, Policy> policies) {
        this.policies = Map.copyOf(policies);
        return this;
    }

    /** The {@code create.defaults} function, or null. */
    public ResourceDefBuilder createDefaults(DefaultsFunction defaults) {
        this.defaults = defaults;
        return this;
    }

    /** Entity attribute name to SQL column for the visible columns. */
    public ResourceDefBuilder attributeColumns(Map<String, String> attributeColumns) {
        this.attributeColumns = Map.copyOf(attributeColumns);
        return this;
    }

    /** Whether the panel refuses every write ({@code ResourceBuilder.readOnly}). */
    public ResourceDefBuilder readOnly(boolean readOnly) {
        this.readOnly = readOnly;
        return this;
    }

    /** Visible columns the generic writes accept and ignore ({@code ColumnBuilder.readOnly}). */
    public ResourceDefBuilder readOnlyColumns(Set<String> columns) {
        this.readOnlyColumns = Set.copyOf(columns);
        return this;
    }

    /** Visible columns set to the operator on create ({@code ColumnBuilder.fromOperator}), in order. */
    public ResourceDefBuilder operatorColumns(Set<String> columns) {
        this.operatorColumns = new LinkedHashSet<>(columns);
        return this;
    }

    /** Write-only body fields by field name. */
    public ResourceDefBuilder writeOnly(Map<String, ResourceDef.WriteOnly> writeOnly) {
        this.writeOnly = new LinkedHashMap<>(writeOnly);
        return this;
    }

    /**
     * Column read and write policies ({@code ColumnBuilder.read}/{@code write}) by SQL column.
     */
    public ResourceDefBuilder columnPolicies(Map<String, Policy> read, Map<String, Policy> write) {
        this.readPolicies = Map.copyOf(read);
        this.writePolicies = Map.copyOf(write);
        return this;
    }

    /**
     * For a caller's view ({@link ResourceDef#restrictedTo}): the columns left out because the caller may not read
     * them, and the visible columns the caller may not write.
     */
    ResourceDefBuilder callerRestrictions(Set<String> hidden, Set<String> locked) {
        this.hiddenColumns = Set.copyOf(hidden);
        this.lockedColumns = Set.copyOf(locked);
        return this;
    }

    /**
     * The resource.
     *
     * @throws IllegalStateException when no primary key is given
     */
    public ResourceDef build() {
        if (primaryKey.isEmpty()) {
            throw new IllegalStateException("Resource '" + key + "' needs a primary key");
        }
        return new ResourceDef(this);
    }
}
