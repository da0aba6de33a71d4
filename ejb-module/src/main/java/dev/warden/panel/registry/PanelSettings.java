package dev.warden.panel.registry;

import dev.warden.panel.extension.PanelConfig;
import dev.warden.panel.extension.PanelCustomizer;
import dev.warden.panel.extension.Relation;
import dev.warden.panel.extension.ResourceBuilder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The panel configuration collected from the built-in tables and every {@link
 * dev.warden.panel.extension.PanelCustomizer}: the implementation of {@link PanelConfig}. It checks keys as
 * they are registered; names of columns, relation targets and attributes are checked when the registry
 * meets the database catalog.
 */
public final class PanelSettings implements PanelConfig {

    /** Resource keys: a letter, then letters, digits, {@code _} or {@code -} (they are URL segments). */
    public static final Pattern KEY = Pattern.compile("[A-Za-z][A-Za-z0-9_-]*");

    /** Keys that name other endpoints under {@code /admin-api}. */
    public static final Set<String> RESERVED = Set.of("auth");

    /**
     * A {@code relation(...)} call.
     *
     * @param tableKey the declaring table's key
     * @param relation the relation
     * @param origin   who declared it, for error messages
     */
    public record DeclaredRelation(String tableKey, Relation relation, String origin) {}

    private final Map<String, TableSpec> tables = new LinkedHashMap<>();
    private final Map<String, String> origins = new LinkedHashMap<>();
    private final Map<String, String> tableNames = new LinkedHashMap<>();
    private final Map<String, ResourceSettings> resources = new LinkedHashMap<>();
    private final List<DeclaredRelation> relations = new ArrayList<>();
    private String origin = "Warden";

    /**
     * Settings after Warden's own customizer ran (origin "built-in": a later registration of one of its keys
     * is reported as clashing with "a built-in table").
     *
     * @throws IllegalStateException naming the customizer when it throws
     */
    public static PanelSettings withBuiltIns(PanelCustomizer builtIns) {
        PanelSettings settings = new PanelSettings();
        settings.origin = "built-in";
        try {
            builtIns.customize(settings);
        } catch (RuntimeException e) {
            throw new IllegalStateException(
                    "Built-in PanelCustomizer " + builtIns.getClass().getName() + " failed: " + e.getMessage(), e);
        }
        settings.origin = "Warden";
        return settings;
    }

    /** Names the customizer whose calls follow, for error messages. */
    public void origin(String who) {
        this.origin = Objects.requireNonNull(who);
    }

    @Override
    public PanelConfig table(String key, Class<?> entity) {
        Objects.requireNonNull(entity, "entity");
        register(TableSpec.of(key, entity));
        return this;
    }

    private void register(TableSpec spec) {
        String key = spec.key();
        if (key == null || !KEY.matcher(key).matches()) {
            throw new IllegalArgumentException(
                    "Panel table key must match " + KEY + " (it is a URL segment): '" + key + "'");
        }
        if (RESERVED.contains(key)) {
            throw new IllegalArgumentException(
                    "Panel table key '" + key + "' is reserved (/admin-api/" + key + " is another endpoint)");
        }
        String existing = origins.get(key);
        if (existing != null) {
            throw new IllegalStateException("Panel table key '" + key + "' (" + origin + ") is already registered ("
                    + ("built-in".equals(existing) ? "a built-in table" : "by " + existing) + "); choose another key");
        }
        String table = EntityColumns.tableOf(spec.entityClass());
        for (Map.Entry<String, String> e : tableNames.entrySet()) {
            if (e.getValue().equals(table)) {
                throw new IllegalStateException("Panel table key '" + key + "' (" + origin + "): table " + table
                        + " is already exposed as '" + e.getKey() + "'");
            }
        }
        tables.put(key, spec);
        origins.put(key, origin);
        tableNames.put(key, table);
    }

    @Override
    public PanelConfig resource(String key, Consumer<ResourceBuilder> definition) {
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("Blank resource key (" + origin + ")");
        }
        Objects.requireNonNull(definition, "definition");
        definition.accept(resources.computeIfAbsent(key, ResourceSettings::new));
        return this;
    }

    @Override
    public PanelConfig relation(String tableKey, Relation relation) {
        Objects.requireNonNull(relation, "relation");
        if (tableKey == null || tableKey.isBlank()) {
            throw new IllegalArgumentException("Blank table key for relation " + relation.name() + " (" + origin + ")");
        }
        relations.add(new DeclaredRelation(tableKey, relation, origin));
        return this;
    }

    /** Registered tables by key, built-in ones first, then in registration order (the sidebar order). */
    public Map<String, TableSpec> tables() {
        return Collections.unmodifiableMap(tables);
    }

    /** Who registered each table key ({@code built-in} or a customizer). */
    public String originOf(String key) {
        return origins.get(key);
    }

    /** The {@code resources} entries by key, including ones with no table. */
    public Map<String, ResourceSettings> resources() {
        return Collections.unmodifiableMap(resources);
    }

    /**
     * The SQL columns of table {@code key} that never leave the server: hidden with {@code hide} or holding a
     * write-only field, in order; empty when none.
     */
    public Set<String> hiddenOf(String key) {
        ResourceSettings resource = resources.get(key);
        return resource == null ? Set.of() : resource.hidden();
    }

    /** The {@code resources} keys with no table: stored, never listed (docs/admin-api.md, "Exposing a custom table" rule 1). */
    public List<String> unlistedKeys() {
        return resources.keySet().stream().filter(k -> !tables.containsKey(k)).toList();
    }

    /** {@code relation(...)} calls in order. */
    public List<DeclaredRelation> relations() {
        return List.copyOf(relations);
    }
}
