package dev.warden.panel.registry;

import dev.warden.common.sql.Sql;
import dev.warden.panel.extension.PanelCustomizer;
import dev.warden.schema.SchemaMigrated;
import dev.warden.schema.SchemaState;
import dev.warden.schema.StartupGuard;
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
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptors;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The panel's resources, built once at start-up after the schema migration (docs/admin-api.md, "What the panel does" rules 1 and 2 and "Catalog"). Three steps, each in its own
 * class:
 *
 * <ol>
 *   <li>configure: the {@link BuiltIn} customizer (Warden's own tables) runs first, then every other
 *       {@link PanelCustomizer} CDI bean ({@code @Any Instance}, ordered by {@code @Priority} then class
 *       name), collecting {@code tables}, {@code resources} and {@code relations} in {@link PanelSettings};</li>
 *   <li>read the catalog of each table ({@link CatalogReader});</li>
 *   <li>derive relations ({@link RelationGraph}) and assemble each resource ({@link ResourceAssembler}).</li>
 * </ol>
 * A {@code resources} entry without a table is stored ({@link #unlistedKeys()}) but never becomes a resource,
 * so {@code GET /admin-api/<key>} answers 404.
 *
 * @throws IllegalStateException at start-up when a table named by an entity does not exist or has no
 *                               primary key, a key is registered twice, a customizer throws, or a declared
 *                               relation names an unknown table or attribute
 */
@Singleton
@Startup
@Interceptors(StartupGuard.class)
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.SUPPORTS) // lookups in memory: no transaction of their own
public class ResourceRegistry {

    private static final Logger LOG = Logger.getLogger(ResourceRegistry.class.getName());

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @Inject
    @BuiltIn
    PanelCustomizer builtIns;

    @Inject
    @Any
    Instance<PanelCustomizer> customizers;

    private volatile Map<String, ResourceDef> resources = Map.of();
    private volatile List<String> unlisted = List.of();

    @Inject
    SchemaState schema;

    /** Builds the catalog at start-up, or once the schema is migrated when the database was down then. */
    @PostConstruct
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void init() {
        if (schema.isMigrated()) {
            build();
        }
    }

    /** Builds the catalog once the database came back ({@link SchemaMigrated}). */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public void onSchemaMigrated(@Observes SchemaMigrated event) {
        build();
    }

    private void build() {
        long started = System.nanoTime();
        PanelSettings settings = configure();
        List<TableFacts> facts = new ArrayList<>();
        try (Connection connection = dataSource.getConnection()) {
            for (TableSpec spec : settings.tables().values()) {
                facts.add(CatalogReader.read(
                        connection, spec, settings.hiddenOf(spec.key()), settings.originOf(spec.key())));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read the database catalog: " + e.getMessage(), e);
        }
        resources = ResourceAssembler.assemble(facts, settings);
        unlisted = settings.unlistedKeys();
        if (!unlisted.isEmpty()) {
            LOG.info(() -> "Panel: resources entries without a tables entry are stored but not listed: " + unlisted);
        }
        LOG.info(() -> "Panel: " + resources.size() + " resources registered " + resources.keySet() + " ("
                + (System.nanoTime() - started) / 1_000_000 + " ms)");
    }

    /** The built-in customizer, then every other customizer in order. */
    private PanelSettings configure() {
        PanelSettings settings = PanelSettings.withBuiltIns(builtIns);
        List<Instance.Handle<PanelCustomizer>> handles = new ArrayList<>();
        customizers.handles().forEach(h -> {
            if (h.getBean().getQualifiers().stream().noneMatch(q -> q instanceof BuiltIn)) {
                handles.add(h);
            }
        });
        handles.sort(Comparator.comparingInt((Instance.Handle<PanelCustomizer> h) ->
                        priority(h.getBean().getBeanClass()))
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
     * API (docs/admin-api.md, "Exposing a custom table" rule 1).
     */
    public List<String> unlistedKeys() {
        return unlisted;
    }
}
