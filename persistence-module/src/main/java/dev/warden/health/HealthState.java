package dev.warden.health;

import jakarta.enterprise.context.ApplicationScoped;
import javax.sql.DataSource;

/**
 * What the health checks of this package report on, handed over by the EJB module (dev.warden.schema.SchemaState):
 * whether the schema is migrated and its Flyway version, and Warden's data source. The checks live in this library
 * jar of the EAR, not in the EJB module, because WildFly's MicroProfile Health finds only the CDI beans of the EAR's
 * top-level archives (its own bean archive sees the EAR and {@code lib/}, not the modules); Liberty finds them here
 * as well. Thread-safe (volatile state).
 */
@ApplicationScoped
public class HealthState {

    /** The warm-up's summary while it runs. */
    private static final String WARMING_UP = "running";

    private volatile boolean migrated;
    private volatile String version;
    private volatile DataSource dataSource;
    private volatile String warmUp = "not configured";
    private volatile String failedStep;
    private volatile String failure;

    /** The schema is migrated to Flyway version {@code flywayVersion} and the start-up work that waits for it ran. */
    public void schemaReady(String flywayVersion) {
        version = flywayVersion;
        migrated = failedStep == null;
    }

    /**
     * A start-up step failed: {@code step} names it (e.g. "SchemaMigrator"), {@code reason} says why in one line.
     * The first failure is kept; the schema never counts as ready again in this instance.
     */
    public synchronized void startFailed(String step, String reason) {
        if (failedStep == null) {
            failedStep = step;
            failure = reason;
        }
        migrated = false;
    }

    /** The schema is not (or no longer) ready. */
    public void schemaNotReady() {
        migrated = false;
    }

    /** Warden's data source ({@code java:comp/DefaultDataSource}), checked by {@link DatabaseCheck}. */
    public void useDataSource(DataSource source) {
        dataSource = source;
    }

    /** The start-up warm-up runs: readiness is down until {@link #warmUpDone} ({@link WarmUpCheck}). */
    public void warmUpStarted() {
        warmUp = WARMING_UP;
    }

    /** The start-up warm-up ended; {@code summary} says what it did, e.g. "412 rounds in 20012 ms". */
    public void warmUpDone(String summary) {
        warmUp = summary;
    }

    /** The start-up step that failed, or {@code null} when none did. */
    String failedStep() {
        return failedStep;
    }

    /** Why {@link #failedStep()} failed, or {@code null}. */
    String failure() {
        return failure;
    }

    boolean warmingUp() {
        return WARMING_UP.equals(warmUp);
    }

    String warmUp() {
        return warmUp;
    }

    boolean migrated() {
        return migrated;
    }

    String version() {
        return version;
    }

    DataSource dataSource() {
        return dataSource;
    }
}
