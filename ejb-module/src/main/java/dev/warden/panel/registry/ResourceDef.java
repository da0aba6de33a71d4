package dev.warden.panel.registry;

import dev.warden.panel.extension.Action;
import dev.warden.panel.extension.AdminIcon;
import dev.warden.panel.extension.CreateContext;
import dev.warden.panel.extension.DefaultsFunction;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.extension.Policy;
import dev.warden.panel.extension.SortOrder;
import dev.warden.panel.extension.WriteOnlyField;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A table exposed as a panel resource: its key, presentation and the columns the panel may touch
 * (docs/admin-api.md, "Resource definition"). Immutable; built once by {@link ResourceAssembler} through {@link #builder}.
 *
 * <p>{@link #columns()} holds only visible columns: a hidden column (such as {@code password_hash}) is
 * never selected, listed, filtered or sorted on.
 */
public final class ResourceDef {

    /**
     * A sort order: SQL column and direction (the wire form {@code asc}/{@code desc} is
     * {@link SortOrder#wireName()}).
     */
    public record Sort(String field, SortOrder order) {}

    /** How long {@link #createDefaults} waits for a {@code CompletionStage} the defaults function returned. */
    public static final Duration DEFAULTS_TIMEOUT = Duration.ofSeconds(10);

    /**
     * A write-only body field ({@code ResourceBuilder.writeOnly}): the body key, the hidden column it is
     * stored in, and the function computing the stored value.
     */
    public record WriteOnly(String field, ColumnDef column, WriteOnlyField store) {}

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
    private final List<String> createFields;
    private final List<Action> actions;
    private final Map<Operation, Policy> policies;
    private final DefaultsFunction defaults;
    private final Map<String, String> attributeColumns;
    private final boolean readOnly;
    private final Set<String> readOnlyColumns;
    private final Set<String> operatorColumns;
    private final Map<String, WriteOnly> writeOnly;
    private final Map<String, Policy> readPolicies;
    private final Map<String, Policy> writePolicies;
    private final Set<String> hiddenColumns;
    private final Set<String> lockedColumns;

    ResourceDef(ResourceDefBuilder b) {
        this.key = b.key;
        this.table = b.table;
        this.entityClass = b.entityClass;
        Map<String, ColumnDef> byName = new LinkedHashMap<>();
        b.columns.forEach(c -> byName.put(c.name(), c));
        this.columns = Collections.unmodifiableMap(byName);
        List<String> names = List.copyOf(byName.keySet());
        this.label = b.label != null ? b.label : Names.humanize(key);
        this.icon = b.icon != null ? b.icon : AdminIcon.guess(table);
        this.primaryKey = List.copyOf(b.primaryKey);
        this.listColumns = b.listColumns != null ? List.copyOf(b.listColumns) : names;
        this.formFields = b.formFields != null ? List.copyOf(b.formFields) : names;
        this.showFields = b.showFields != null ? List.copyOf(b.showFields) : names;
        this.defaultSort = b.defaultSort != null ? b.defaultSort : new Sort(primaryKey.get(0), SortOrder.DESC);
        this.relations = List.copyOf(b.relations);
        this.createFields = ColumnSelection.createFields(this.formFields, this.columns);
        this.actions = List.copyOf(b.actions);
        Map<Operation, Policy> byOperation = new EnumMap<>(Operation.class);
        byOperation.putAll(b.policies);
        this.policies = Collections.unmodifiableMap(byOperation);
        this.defaults = b.defaults;
        this.attributeColumns = Map.copyOf(b.attributeColumns);
        this.readOnly = b.readOnly;
        this.readOnlyColumns = Set.copyOf(b.readOnlyColumns);
        this.operatorColumns = Collections.unmodifiableSet(new LinkedHashSet<>(b.operatorColumns));
        this.writeOnly = Collections.unmodifiableMap(new LinkedHashMap<>(b.writeOnly));
        this.readPolicies = Map.copyOf(b.readPolicies);
        this.writePolicies = Map.copyOf(b.writePolicies);
        this.hiddenColumns = Set.copyOf(b.hiddenColumns);
        this.lockedColumns = Set.copyOf(b.lockedColumns);
    }

    /**
     * A builder for the resource {@code key} on {@code table}. Unset parts default to: label the humanized
     * key, icon guessed from the table name, list, form and show all columns, sort the first primary-key
     * column descending, no relations, actions, policies, create defaults or write rules.
     */
    public static ResourceDefBuilder builder(String key, String table, Class<?> entityClass) {
        return new ResourceDefBuilder(key, table, entityClass);
    }

    /** Canonical key: URL segment, mod scope name and audit {@code resource}. */
    public String key() {
        return key;
    }

    /** Sidebar and page title: the configured label, else the humanized key. */
    public String label() {
        return label;
    }

    /** Sidebar icon: the configured one, else guessed from the table name. */
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

    /** List-view columns: known configured ones with the primary key always included, else all. */
    public List<String> listColumns() {
        return listColumns;
    }

    /** Create and edit form fields as configured (known names only), else all columns. */
    public List<String> formFields() {
        return formFields;
    }

    /**
     * The create form's fields: {@link #formFields()} without primary-key columns and columns with a
     * database default (docs/admin-api.md, "Resource definition", {@code form.fields}); the catalog's
     * {@code form.create_fields}.
     */
    public List<String> createFields() {
        return createFields;
    }

    /** Detail-page fields as configured (known names only), else all columns. */
    public List<String> showFields() {
        return showFields;
    }

    /** The sort applied when a list request has none. */
    public Sort defaultSort() {
        return defaultSort;
    }

    /** Relations: {@code one} from this table's foreign keys, {@code many} from other tables' keys to it. */
    public List<RelationDef> relations() {
        return relations;
    }

    /** Custom actions in definition order (docs/admin-api.md, "Custom actions"); stored, not enforced here. */
    public List<Action> actions() {
        return actions;
    }

    /** The action named {@code name}, if any. */
    public Optional<Action> action(String name) {
        return actions.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /**
     * The configured policies by operation (docs/admin-api.md, "Authentication" rule 5); an operation without an entry
     * uses the standard role rule. Stored here; enforcement belongs to the access checks.
     */
    public Map<Operation, Policy> policies() {
        return policies;
    }

    /** The configured policy for {@code operation}, if any. */
    public Optional<Policy> policy(Operation operation) {
        return Optional.ofNullable(policies.get(operation));
    }

    /** True when a {@code create.defaults} function is configured. */
    public boolean hasCreateDefaults() {
        return defaults != null;
    }

    /**
     * Runs the {@code create.defaults} function for one INSERT (docs/admin-api.md, "Resource definition" rule 3) and
     * returns its values keyed by SQL column: keys that are columns stay, entity attribute names become
     * their columns, others are dropped (logged at FINE). A returned {@code CompletionStage} is waited for
     * up to {@link #DEFAULTS_TIMEOUT}. The caller merges the result under the request body (the body wins).
     *
     * @param operatorId the signed-in operator's id, or null when there is none
     * @return a mutable map, empty when no function is configured or it returned null
     * @throws IllegalStateException naming the resource when the function throws, returns another type,
     *                               or its stage fails or does not complete in time
     */
    public Map<String, Object> createDefaults(Long operatorId) {
        return createDefaults(operatorId, DEFAULTS_TIMEOUT);
    }

    Map<String, Object> createDefaults(Long operatorId, Duration timeout) {
        if (defaults == null) {
            return new LinkedHashMap<>();
        }
        Object result;
        try {
            result = defaults.defaults(new CreateContext(operatorId, key));
        } catch (Exception e) {
            throw new IllegalStateException("create.defaults of resource '" + key + "' failed: " + e, e);
        }
        if (result instanceof CompletionStage<?> stage) {
            try {
                result = stage.toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("create.defaults of resource '" + key + "' was interrupted", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException(
                        "create.defaults of resource '" + key + "' failed: " + e.getCause(), e.getCause());
            } catch (TimeoutException e) {
                throw new IllegalStateException(
                        "create.defaults of resource '" + key + "' did not complete within " + timeout.toMillis()
                                + " ms",
                        e);
            }
        }
        if (result != null && !(result instanceof Map<?, ?>)) {
            throw new IllegalStateException("create.defaults of resource '" + key + "' returned a "
                    + result.getClass().getName() + ", not a Map or a CompletionStage of one");
        }
        return ColumnSelection.normalizeDefaults(key, (Map<?, ?>) result, columns.keySet(), attributeColumns);
    }

    /** Entity attribute name to SQL column, for the visible columns (see {@link EntityColumns}). */
    public Map<String, String> attributeColumns() {
        return attributeColumns;
    }

    /**
     * True when the panel refuses create, update and delete on this resource to everyone, whatever its
     * policies say ({@code ResourceBuilder.readOnly}; the audit log).
     */
    public boolean readOnly() {
        return readOnly;
    }

    /**
     * Visible columns that the generic create and update accept in a body and ignore
     * ({@code ColumnBuilder.readOnly}; {@code users.ban}, {@code users.token_version}).
     */
    public Set<String> readOnlyColumns() {
        return readOnlyColumns;
    }

    /**
     * Visible columns set to the signed-in operator's id on create and ignored in bodies
     * ({@code ColumnBuilder.fromOperator}; {@code userNotes.author_id}), in order.
     */
    public Set<String> operatorColumns() {
        return operatorColumns;
    }

    /** The write-only body field named {@code field} ({@code ResourceBuilder.writeOnly}), if any. */
    public Optional<WriteOnly> writeOnly(String field) {
        return Optional.ofNullable(writeOnly.get(field));
    }

    /** The {@code one} relation whose foreign key is {@code column}, if any. */
    public Optional<RelationDef> oneRelationOn(String column) {
        return relations.stream()
                .filter(r -> r.isOne() && r.fk().equals(column))
                .findFirst();
    }

    /** Columns that label a row, in order of preference (docs/admin-api.md, "Relations" rule 1). */
    public static final List<String> LABEL_COLUMNS = List.of("display_name", "name", "email", "title");

    /** The column that labels this resource's rows in other rows' {@code _labels}, if any (the first of {@link #LABEL_COLUMNS}). */
    public Optional<String> labelColumn() {
        return LABEL_COLUMNS.stream().filter(columns::containsKey).findFirst();
    }

    /** The column read policies ({@code ColumnBuilder.read}) by SQL column; a column without one has none. */
    public Map<String, Policy> columnReadPolicies() {
        return readPolicies;
    }

    /** The column write policies ({@code ColumnBuilder.write}) by SQL column. */
    public Map<String, Policy> columnWritePolicies() {
        return writePolicies;
    }

    /** True when some column has a read or write policy (a caller's view may differ from this definition). */
    public boolean hasColumnPolicies() {
        return !readPolicies.isEmpty() || !writePolicies.isEmpty();
    }

    /**
     * In a caller's view: the columns this caller may not read (left out of {@link #columns()}); a body naming
     * one is refused. Empty for the full definition.
     */
    public Set<String> hiddenColumns() {
        return hiddenColumns;
    }

    /** In a caller's view: the visible columns this caller may not write. Empty for the full definition. */
    public Set<String> lockedColumns() {
        return lockedColumns;
    }

    /**
     * This resource as one caller sees it: without the columns in {@code hidden} (from the
     * columns, list, form and show fields, the default sort, the {@code one} relations on them and the attribute
     * map), remembering {@code hidden} and {@code locked}, and without the relations named in
     * {@code hiddenRelations}. Primary-key columns are never hidden.
     */
    public ResourceDef restrictedTo(Set<String> hidden, Set<String> locked, Set<String> hiddenRelations) {
        Set<String> gone = new LinkedHashSet<>(hidden);
        gone.removeAll(primaryKey);
        if (gone.isEmpty() && locked.isEmpty() && hiddenRelations.isEmpty()) {
            return this;
        }
        java.util.function.Predicate<String> kept = name -> !gone.contains(name);
        Map<String, String> attributes = new LinkedHashMap<>();
        attributeColumns.forEach((attribute, column) -> {
            if (kept.test(column)) {
                attributes.put(attribute, column);
            }
        });
        Set<String> visibleLocked = new LinkedHashSet<>(locked);
        visibleLocked.removeAll(gone);
        Map<String, WriteOnly> writeOnlyKept = new LinkedHashMap<>(writeOnly);
        ResourceDefBuilder b = builder(key, table, entityClass)
                .label(label)
                .icon(icon)
                .columns(columns.values().stream()
                        .filter(c -> kept.test(c.name()))
                        .toList())
                .primaryKey(primaryKey)
                .listColumns(listColumns.stream().filter(kept).toList())
                .formFields(formFields.stream().filter(kept).toList())
                .showFields(showFields.stream().filter(kept).toList())
                .defaultSort(kept.test(defaultSort.field()) ? defaultSort : null)
                .relations(relations.stream()
                        .filter(r -> !(r.isOne() && gone.contains(r.fk())) && !hiddenRelations.contains(r.name()))
                        .toList())
                .actions(actions)
                .policies(policies)
                .createDefaults(defaults)
                .attributeColumns(attributes)
                .readOnly(readOnly)
                .readOnlyColumns(readOnlyColumns.stream().filter(kept).collect(java.util.stream.Collectors.toSet()))
                .operatorColumns(operatorColumns.stream()
                        .filter(kept)
                        .collect(java.util.stream.Collectors.toCollection(LinkedHashSet::new)))
                .writeOnly(writeOnlyKept)
                .columnPolicies(readPolicies, writePolicies)
                .callerRestrictions(gone, visibleLocked);
        return b.build();
    }
}
