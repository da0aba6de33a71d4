package dev.warden.schema;

import dev.warden.common.sql.Sql;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptors;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Brings the database schema up to date with Flyway when the application starts (docs/architecture.md, "Requirements: Platform" rule 6).
 * Migrations come from {@link IndexedMigrations}, never from classpath scanning.
 *
 * <p>When the database cannot be reached at start-up (down, wrong credentials, missing database), the application still starts: one WARNING line names the variable to fix ({@link DatabaseProblems}),
 * {@link SchemaState} stays not migrated (the APIs answer 503, readiness is down), and the migration is retried on
 * a non-persistent EJB timer with exponential back-off (2 s, 4 s, ... up to {@code warden.schema.retry-max-seconds},
 * default 30). The first successful attempt after a failure fires {@link SchemaMigrated}, so the beans that read the
 * schema at start-up do it then (if one of them fails, for instance on a pooled connection the database closed, the
 * whole step is retried on the same back-off); Warden becomes ready without a restart.
 *
 * <p>Start-up still fails (the application does not start) when no migration is listed or a migration's SQL fails.
 * Config: {@code warden.schema.history-table} (default {@code warden_schema_history}).
 * Flyway connects through {@value #MIGRATION_DATA_SOURCE} when the server binds it (Liberty: the migration role,
 * {@code WARDEN_DB_MIGRATION_USER}, by default the application's own user), so the application role can own
 * nothing; else through the application's data source.
 * Flyway commits per migration itself, so this bean manages no JTA transaction. Once done, {@link SchemaState}
 * says so (the readiness check {@code warden-schema} turns UP), and a server whose application data source connects
 * as a PostgreSQL superuser outside the demo logs one warning ({@link DatabaseRoles}).
 */
@Singleton
@Startup
@Interceptors(StartupGuard.class)
@TransactionManagement(TransactionManagementType.BEAN)
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class SchemaMigrator {

    private static final Logger LOG = Logger.getLogger(SchemaMigrator.class.getName());
    static final int FIRST_RETRY_SECONDS = 2;

    /** JNDI name of the migration role's data source, when the server binds one (Liberty's server.xml does). */
    static final String MIGRATION_DATA_SOURCE = "jdbc/warden-migration";

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @Resource
    TimerService timers;

    @Inject
    SchemaState state;

    @Inject
    Event<SchemaMigrated> migratedLate;

    @Inject
    @ConfigProperty(name = "warden.schema.history-table", defaultValue = "warden_schema_history")
    String historyTable;

    @Inject
    @ConfigProperty(name = "warden.schema.retry-max-seconds", defaultValue = "30")
    int retryMaxSeconds;

    @Inject
    @ConfigProperty(name = "warden.demo", defaultValue = "false")
    boolean demo;

    private int attempts;
    private String lastProblem;
    private boolean listed;
    private boolean superuserChecked;

    @PostConstruct
    void migrateAtStartup() {
        if (attempt()) {
            state.ready();
        }
    }

    /** The retry timer: one more attempt; on success the schema-dependent beans start ({@link SchemaMigrated}). */
    @Timeout
    void retry(Timer timer) {
        try {
            if (!attempt()) {
                return;
            }
        } catch (RuntimeException e) {
            // not an outage (e.g. a migration's SQL failed once the database came back): a failed start
            state.startFailed(SchemaMigrator.class.getSimpleName(), e);
            return;
        }
        try {
            migratedLate.fire(new SchemaMigrated(attempts));
        } catch (RuntimeException e) {
            // e.g. a pooled connection the database closed while it was down: the pool is purged, so try again
            // (every observer is idempotent: the catalog is rebuilt, maintenance re-run, seeding checks for users)
            int delay = delaySeconds(attempts, retryMaxSeconds);
            LOG.warning(() -> "Schema: migrated, but a bean that starts after the migration failed ("
                    + DatabaseProblems.describe(e).orElse(String.valueOf(e)) + "); retrying in " + delay + " s");
            LOG.log(Level.FINE, "Schema: the failure", e);
            state.failed(DatabaseProblems.describe(e).orElse("start-up after the migration failed"), delay);
            timers.createSingleActionTimer(delay * 1000L, new TimerConfig("schema-migration-retry", false));
            return;
        }
        state.ready();
        LOG.info(() -> "Schema: the database is reachable after " + attempts + " attempts; Warden is ready");
    }

    /** One attempt; true when migrated, false when a retry is scheduled. Throws for a failure that is no outage. */
    private synchronized boolean attempt() {
        attempts++;
        try {
            migrate();
            return true;
        } catch (RuntimeException first) {
            if (DatabaseProblems.describe(first).isEmpty()) {
                throw first;
            }
            LOG.fine(() -> "Schema: attempt " + attempts + " failed, trying once more at once: " + first);
        }
        // a pooled connection the database has closed fails once and purges the pool: the second try tells the cause
        try {
            migrate();
            return true;
        } catch (RuntimeException e) {
            Optional<String> problem = DatabaseProblems.describe(e);
            if (problem.isEmpty()) {
                throw e;
            }
            int delay = delaySeconds(attempts, retryMaxSeconds);
            state.failed(problem.get(), delay);
            if (!problem.get().equals(lastProblem)) {
                LOG.warning("Warden cannot use its database: " + problem.get() + ". Retrying every few seconds "
                        + "(next in " + delay + " s); the APIs answer 503 until then.");
            } else {
                LOG.fine(() -> "Schema: attempt " + attempts + " failed again: " + problem.get());
            }
            lastProblem = problem.get();
            timers.createSingleActionTimer(delay * 1000L, new TimerConfig("schema-migration-retry", false));
            return false;
        }
    }

    /** Exponential back-off: 2, 4, 8, ... seconds after attempt 1, 2, 3, ..., capped at {@code max} (at least 1). */
    static int delaySeconds(int attempt, int max) {
        int cap = Math.max(1, max);
        int shift = Math.min(Math.max(attempt - 1, 0), 20);
        return (int) Math.min(cap, (long) FIRST_RETRY_SECONDS << shift);
    }

    private void migrate() {
        long started = System.nanoTime();
        ClassLoader loader = SchemaMigrator.class.getClassLoader();
        IndexedMigrations migrations = IndexedMigrations.load(loader);
        List<String> paths = migrations.paths();
        if (paths.isEmpty()) {
            throw new IllegalStateException("No Flyway migrations found: no " + IndexedMigrations.INDEX
                    + " on the class path; the schema cannot be created");
        }
        if (!listed) {
            LOG.info(() -> "Schema: " + paths.size() + " migrations listed " + paths);
            listed = true;
        }
        Flyway flyway = Flyway.configure(loader)
                .dataSource(migrationDataSource())
                .table(historyTable)
                .resourceProvider(migrations)
                .javaMigrationClassProvider(List::of)
                .cleanDisabled(true)
                .load();
        MigrateResult result = flyway.migrate();
        long millis = (System.nanoTime() - started) / 1_000_000;
        var current = flyway.info().current();
        String version = current == null ? null : current.getVersion().getVersion();
        state.migratedTo(version);
        LOG.info(() -> "Schema: " + result.migrationsExecuted + " migrations applied, now at version " + version + " ("
                + millis + " ms)");
        if (!superuserChecked) {
            superuserChecked = true;
            DatabaseRoles.warnIfSuperuser(dataSource, demo);
        }
    }

    /**
     * The migration role's data source ({@value #MIGRATION_DATA_SOURCE}) when a separate migration role is configured
     * ({@code WARDEN_DB_MIGRATION_USER} set and different from {@code WARDEN_DB_USER}) and the server binds it; else
     * the application's own data source.
     */
    private DataSource migrationDataSource() {
        var config = org.eclipse.microprofile.config.ConfigProvider.getConfig();
        // Liberty exposes server.xml variables to MicroProfile Config: WARDEN_DB_MIGRATION_USER defaults to the app's
        // user
        String migrationUser = config.getOptionalValue("WARDEN_DB_MIGRATION_USER", String.class)
                .orElse("")
                .strip();
        String appUser = config.getOptionalValue("WARDEN_DB_USER", String.class)
                .orElse("")
                .strip();
        boolean separateRole = !migrationUser.isEmpty() && !migrationUser.equals(appUser);
        if (!separateRole) {
            return dataSource;
        }
        try {
            Object found = new javax.naming.InitialContext().lookup(MIGRATION_DATA_SOURCE);
            if (found instanceof DataSource migration) {
                LOG.info(() -> "Schema: migrating through " + MIGRATION_DATA_SOURCE);
                return migration;
            }
        } catch (javax.naming.NamingException e) {
            LOG.fine(() ->
                    "Schema: no " + MIGRATION_DATA_SOURCE + " bound; migrating through the application's data source");
        }
        return dataSource;
    }
}
