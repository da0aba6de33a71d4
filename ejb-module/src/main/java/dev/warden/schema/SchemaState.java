package dev.warden.schema;

import dev.warden.common.sql.Sql;
import dev.warden.health.HealthState;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Whether the database schema is ready for requests (issue 18, point 3): {@link #isMigrated()} turns true once
 * {@link SchemaMigrator} has run the migrations and the beans waiting for the schema ({@link SchemaMigrated}
 * observers) have started. Until then the APIs answer 503 {@code unavailable} with {@code Retry-After}, and a
 * readiness check reports down with {@link #problem()}. Thread-safe (volatile state, written by the migrator only).
 * Every change is handed to {@link HealthState} (with Warden's data source), which the health checks in the EAR's
 * library read (dev.warden.health).
 */
@ApplicationScoped
public class SchemaState {

    private volatile boolean migrated;
    private volatile String problem;
    private volatile int retryAfterSeconds = 5;
    private volatile String version;

    @Inject
    HealthState health;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @PostConstruct
    void handOverDataSource() {
        health.useDataSource(dataSource);
    }

    /** True once the schema is migrated and the schema-dependent start-up work has run. */
    public boolean isMigrated() {
        return migrated;
    }

    /** The operator-facing reason the schema is not ready (names the variable to fix), if any. */
    public Optional<String> problem() {
        return Optional.ofNullable(problem);
    }

    /** Seconds until the migrator's next attempt, for {@code Retry-After} (at least 1). */
    public int retryAfterSeconds() {
        return Math.max(1, retryAfterSeconds);
    }

    /** Flyway's current schema version once the migrations have run in this instance (e.g. "14"), or {@code null}. */
    public String version() {
        return version;
    }

    void migratedTo(String flywayVersion) {
        version = flywayVersion == null ? "none" : flywayVersion;
    }

    void failed(String reason, int nextAttemptSeconds) {
        problem = reason;
        retryAfterSeconds = nextAttemptSeconds;
        migrated = false;
        health.schemaNotReady();
    }

    void ready() {
        problem = null;
        migrated = true;
        health.schemaReady(version);
    }
}
