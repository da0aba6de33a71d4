package dev.warden.schema;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

import javax.sql.DataSource;
import java.util.List;
import java.util.logging.Logger;

/**
 * Brings the database schema up to date with Flyway when the application starts (DESIGN.md section 1,
 * "schema"). Migrations come from {@link IndexedMigrations}, never from classpath scanning.
 *
 * <p>Start-up fails (the application does not start) when no migration is listed or a migration fails.
 * Config: {@code warden.schema.history-table} (default {@code warden_schema_history}).
 * Flyway commits per migration itself, so this bean manages no JTA transaction.
 */
@Singleton
@Startup
@TransactionManagement(TransactionManagementType.BEAN)
public class SchemaMigrator {

    private static final Logger LOG = Logger.getLogger(SchemaMigrator.class.getName());

    @Resource(lookup = "jdbc/warden")
    DataSource dataSource;

    @Inject
    @ConfigProperty(name = "warden.schema.history-table", defaultValue = "warden_schema_history")
    String historyTable;

    @PostConstruct
    void migrate() {
        long started = System.nanoTime();
        ClassLoader loader = SchemaMigrator.class.getClassLoader();
        IndexedMigrations migrations = IndexedMigrations.load(loader);
        List<String> paths = migrations.paths();
        if (paths.isEmpty()) {
            throw new IllegalStateException("No Flyway migrations found: no " + IndexedMigrations.INDEX
                    + " on the class path; the schema cannot be created");
        }
        LOG.info(() -> "Schema: " + paths.size() + " migrations listed " + paths);
        Flyway flyway = Flyway.configure(loader)
                .dataSource(dataSource)
                .table(historyTable)
                .resourceProvider(migrations)
                .javaMigrationClassProvider(List::of)
                .cleanDisabled(true)
                .load();
        MigrateResult result = flyway.migrate();
        long millis = (System.nanoTime() - started) / 1_000_000;
        LOG.info(() -> "Schema: " + result.migrationsExecuted + " migrations applied, now at version "
                + flyway.info().current().getVersion() + " (" + millis + " ms)");
    }
}
