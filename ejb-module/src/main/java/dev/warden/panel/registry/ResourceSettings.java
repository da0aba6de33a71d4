package dev.warden.panel.registry;

import dev.warden.panel.extension.Action;
import dev.warden.panel.extension.AdminIcon;
import dev.warden.panel.extension.ColumnBuilder;
import dev.warden.panel.extension.CreateBuilder;
import dev.warden.panel.extension.DefaultsFunction;
import dev.warden.panel.extension.FormBuilder;
import dev.warden.panel.extension.ListBuilder;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.extension.Policy;
import dev.warden.panel.extension.ResourceBuilder;
import dev.warden.panel.extension.ShowBuilder;
import dev.warden.panel.extension.SortOrder;
import dev.warden.panel.extension.WriteOnlyField;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * One {@code resources} entry as the customizers configured it, before it meets the database catalog:
 * the implementation of {@link ResourceBuilder} and its section builders. Names are kept as given; the
 * registry drops unknown ones when it assembles the {@link ResourceDef}. Null means "not configured".
 */
public final class ResourceSettings implements ResourceBuilder {

    /** A column's configured presentation; null fields are not configured. */
    public static final class ColumnSettings implements ColumnBuilder {
        String label;
        String linkTo;
        String linkFromColumn;
        boolean readOnly;
        boolean fromOperator;
        Policy readPolicy;
        Policy writePolicy;

        @Override
        public ColumnBuilder label(String label) {
            this.label = requireText(label, "column label");
            return this;
        }

        @Override
        public ColumnBuilder linkTo(String resourceKey) {
            this.linkTo = requireText(resourceKey, "linkTo resource key");
            this.linkFromColumn = null;
            return this;
        }

        @Override
        public ColumnBuilder linkToResourceFromColumn(String sqlColumn) {
            this.linkFromColumn = requireText(sqlColumn, "linkTo resourceFromColumn");
            this.linkTo = null;
            return this;
        }

        @Override
        public ColumnBuilder readOnly() {
            this.readOnly = true;
            return this;
        }

        @Override
        public ColumnBuilder fromOperator() {
            this.fromOperator = true;
            return this;
        }

        @Override
        public ColumnBuilder read(Policy policy) {
            if (policy == null) {
                throw new IllegalArgumentException("column read policy must not be null");
            }
            this.readPolicy = policy;
            return this;
        }

        @Override
        public ColumnBuilder write(Policy policy) {
            if (policy == null) {
                throw new IllegalArgumentException("column write policy must not be null");
            }
            this.writePolicy = policy;
            return this;
        }

        /** The column's read policy, or null (everyone who may read the row). */
        public Policy readPolicy() {
            return readPolicy;
        }

        /** The column's write policy, or null (everyone who may write the row). */
        public Policy writePolicy() {
            return writePolicy;
        }

        /** True when generic writes ignore the column. */
        public boolean isReadOnly() {
            return readOnly;
        }

        /** True when create sets the column to the operator. */
        public boolean isFromOperator() {
            return fromOperator;
        }

        /** The label override, or null. */
        public String label() {
            return label;
        }

        /** The static link target, or null. */
        public String linkTo() {
            return linkTo;
        }

        /** The column naming the link target, or null. */
        public String linkFromColumn() {
            return linkFromColumn;
        }
    }

    private final String key;
    private String label;
    private AdminIcon icon;
    private List<String> listColumns;
    private String sortColumn;
    private SortOrder sortOrder;
    private List<String> formFields;
    private List<String> showFields;
    private final Map<String, ColumnSettings> columns = new LinkedHashMap<>();
    private final Map<String, String> relationLabels = new LinkedHashMap<>();
    private DefaultsFunction defaults;
    private final Map<String, Action> actions = new LinkedHashMap<>();
    private final Map<Operation, Policy> policies = new EnumMap<>(Operation.class);
    private final java.util.Set<String> hidden = new java.util.LinkedHashSet<>();
    private boolean readOnly;
    private final Map<String, WriteOnlySettings> writeOnly = new LinkedHashMap<>();

    /**
     * A {@code writeOnly(field, column, store)} call.
     *
     * @param field  the body key
     * @param column the hidden SQL column
     * @param store  computes the stored value
     */
    public record WriteOnlySettings(String field, String column, WriteOnlyField store) {}

    /** Settings for the resource {@code key}, all unconfigured. */
    public ResourceSettings(String key) {
        this.key = key;
    }

    /** The resource key. */
    public String key() {
        return key;
    }

    @Override
    public ResourceBuilder label(String label) {
        this.label = requireText(label, "label of resource '" + key + "'");
        return this;
    }

    @Override
    public ResourceBuilder icon(AdminIcon icon) {
        this.icon = Objects.requireNonNull(icon, "icon");
        return this;
    }

    @Override
    public ResourceBuilder list(Consumer<ListBuilder> list) {
        list.accept(new ListBuilder() {
            @Override
            public ListBuilder columns(String... sqlColumns) {
                listColumns = List.copyOf(Arrays.asList(sqlColumns));
                return this;
            }

            @Override
            public ListBuilder defaultSort(String sqlColumn, SortOrder order) {
                sortColumn = requireText(sqlColumn, "defaultSort column");
                sortOrder = Objects.requireNonNull(order, "defaultSort order");
                return this;
            }
        });
        return this;
    }

    @Override
    public ResourceBuilder form(Consumer<FormBuilder> form) {
        form.accept(new FormBuilder() {
            @Override
            public FormBuilder fields(String... sqlColumns) {
                formFields = List.copyOf(Arrays.asList(sqlColumns));
                return this;
            }
        });
        return this;
    }

    @Override
    public ResourceBuilder show(Consumer<ShowBuilder> show) {
        show.accept(new ShowBuilder() {
            @Override
            public ShowBuilder fields(String... sqlColumns) {
                showFields = List.copyOf(Arrays.asList(sqlColumns));
                return this;
            }
        });
        return this;
    }

    @Override
    public ResourceBuilder column(String sqlColumn, Consumer<ColumnBuilder> column) {
        column.accept(columns.computeIfAbsent(requireText(sqlColumn, "column name"), c -> new ColumnSettings()));
        return this;
    }

    @Override
    public ResourceBuilder relationLabel(String name, String label) {
        relationLabels.put(requireText(name, "relation name"), requireText(label, "relation label"));
        return this;
    }

    @Override
    public ResourceBuilder create(Consumer<CreateBuilder> create) {
        create.accept(new CreateBuilder() {
            @Override
            public CreateBuilder defaults(DefaultsFunction function) {
                defaults = Objects.requireNonNull(function, "defaults function");
                return this;
            }
        });
        return this;
    }

    @Override
    public ResourceBuilder action(Action action) {
        Objects.requireNonNull(action, "action");
        if (actions.containsKey(action.name())) {
            throw new IllegalArgumentException(
                    "Resource '" + key + "' already has an action named '" + action.name() + "'");
        }
        actions.put(action.name(), action);
        return this;
    }

    @Override
    public ResourceBuilder hide(String... sqlColumns) {
        for (String column : sqlColumns) {
            hidden.add(requireText(column, "hidden column"));
        }
        return this;
    }

    @Override
    public ResourceBuilder readOnly() {
        this.readOnly = true;
        return this;
    }

    @Override
    public ResourceBuilder writeOnly(String field, String sqlColumn, WriteOnlyField store) {
        WriteOnlySettings settings = new WriteOnlySettings(
                requireText(field, "write-only field"),
                requireText(sqlColumn, "write-only column"),
                Objects.requireNonNull(store, "store"));
        writeOnly.put(field, settings);
        hidden.add(sqlColumn);
        return this;
    }

    /** True after {@link #readOnly()}. */
    public boolean isReadOnly() {
        return readOnly;
    }

    /** Write-only fields by field name, in order. */
    public Map<String, WriteOnlySettings> writeOnly() {
        return Collections.unmodifiableMap(writeOnly);
    }

    /** Columns hidden with {@link #hide} (and the columns of write-only fields), in order. */
    public java.util.Set<String> hidden() {
        return Collections.unmodifiableSet(hidden);
    }

    @Override
    public ResourceBuilder policy(Operation operation, Policy policy) {
        policies.put(Objects.requireNonNull(operation, "operation"), Objects.requireNonNull(policy, "policy"));
        return this;
    }

    /** The label, or null. */
    public String label() {
        return label;
    }

    /** The icon, or null. */
    public AdminIcon icon() {
        return icon;
    }

    /** {@code list.columns} as given, or null. */
    public List<String> listColumns() {
        return listColumns;
    }

    /** {@code list.defaultSort} column as given, or null. */
    public String sortColumn() {
        return sortColumn;
    }

    /** {@code list.defaultSort} order, or null. */
    public SortOrder sortOrder() {
        return sortOrder;
    }

    /** {@code form.fields} as given, or null. */
    public List<String> formFields() {
        return formFields;
    }

    /** {@code show.fields} as given, or null. */
    public List<String> showFields() {
        return showFields;
    }

    /** {@code columns} by SQL name as given. */
    public Map<String, ColumnSettings> columns() {
        return Collections.unmodifiableMap(columns);
    }

    /** Relation label overrides by relation name. */
    public Map<String, String> relationLabels() {
        return Collections.unmodifiableMap(relationLabels);
    }

    /** {@code create.defaults}, or null. */
    public DefaultsFunction defaults() {
        return defaults;
    }

    /** Actions in definition order. */
    public List<Action> actions() {
        return List.copyOf(actions.values());
    }

    /** Policies by operation. */
    public Map<Operation, Policy> policies() {
        return Collections.unmodifiableMap(policies);
    }

    static String requireText(String value, String what) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("Blank " + what);
        }
        return value;
    }
}
