package dev.warden.schema;

import dev.warden.common.sql.Sql;
import dev.warden.health.HealthState;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Whether the database schema is ready for requests: {@link #isMigrated()} turns true once
 * {@link SchemaMigrator} has run the migrations and the beans waiting for the schema ({@link SchemaMigrated}
 * observers) have started. Until then the APIs answer 503 {@code unavailable} with {@code Retry-After}, and a
 * readiness check reports down with {@link #problem()}. Thread-safe (volatile state, written by the migrator only).
 * Every change is handed to {@link HealthState} (with Warden's data source), which the health checks in the EAR's
 * library read (dev.warden.health).
 *
 * <p>A start-up step that throws ({@link StartupGuard}) makes this instance fail for good: {@link #startFailed}
 * logs one SEVERE line that says what failed and what to do, the APIs answer 503, readiness and liveness are DOWN
 * (docs/operations.md, "Start-up failures").
 */
@ApplicationScoped
public class SchemaState {

    private static final Logger LOG = Logger.getLogger(SchemaState.class.getName());

    /** The start of the one log line of a failed start (the run command and the bench scripts look for it). */
    public static final String FAILED_START = "Warden did not start:";

    /** The longest cause quoted in that line, in characters. */
    static final int MAX_CAUSE = 400;

    private volatile boolean migrated;
    private volatile String problem;
    private volatile int retryAfterSeconds = 5;
    private volatile String version;
    private volatile String failedStep;

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

    /** The start-up step that failed ({@link #startFailed}), if one did. */
    public Optional<String> failedStep() {
        return Optional.ofNullable(failedStep);
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
        if (failedStep != null) {
            return;
        }
        problem = null;
        migrated = true;
        health.schemaReady(version);
    }

    /**
     * Start-up step {@code step} threw {@code failure}: the instance will not serve. Logs one SEVERE line,
     * "Warden did not start: {step} failed ({cause}). Fix the cause and restart the server; ...", then the stack
     * trace at WARNING; only the first failure is reported.
     */
    synchronized void startFailed(String step, Throwable failure) {
        if (failedStep != null) {
            LOG.log(Level.WARNING, "Start-up step " + step + " failed too (after " + failedStep + ")", failure);
            return;
        }
        String cause = DatabaseProblems.describe(failure).orElseGet(() -> cause(failure));
        failedStep = step;
        migrated = false;
        problem = step + " failed: " + cause;
        health.startFailed(step, cause);
        LOG.severe(FAILED_START + " " + step + " failed at start-up (" + cause + "). Fix the cause and restart the "
                + "server; until then /health/live and /health/ready answer DOWN and the APIs 503.");
        LOG.log(Level.WARNING, "The start-up failure of " + step + ", in full", failure);
    }

    /**
     * {@code failure} as "Type: message", followed by its innermost cause as " (caused by Type: message)" when that is
     * another exception, on one line, at most {@value #MAX_CAUSE} characters.
     */
    static String cause(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String line = describe(failure) + (root == failure ? "" : " (caused by " + describe(root) + ")");
        return line.length() <= MAX_CAUSE ? line : line.substring(0, MAX_CAUSE - 3) + "...";
    }

    private static String describe(Throwable t) {
        String message = t.getMessage() == null ? "" : ": " + t.getMessage();
        return (t.getClass().getSimpleName() + message).replaceAll("\\s+", " ").strip();
    }
}
