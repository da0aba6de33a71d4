package dev.warden.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.eclipse.microprofile.health.Startup;

/**
 * Startup and readiness check {@code warden-schema}: UP with data {@code version} (Flyway's current version) once
 * the migrations have run in this instance; DOWN with data {@code reason} before, or for good once a start-up step
 * failed (docs/operations.md, "Start-up failures").
 */
@Startup
@Readiness
@ApplicationScoped
public class SchemaCheck implements HealthCheck {

    /** The check's name in the health JSON. */
    public static final String NAME = "warden-schema";

    @Inject
    HealthState status;

    @Override
    public HealthCheckResponse call() {
        String failed = status.failedStep();
        if (failed != null) {
            return HealthCheckResponse.named(NAME)
                    .down()
                    .withData("reason", "start-up failed in " + failed + ": see the liveness check")
                    .build();
        }
        if (!status.migrated()) {
            return HealthCheckResponse.named(NAME)
                    .down()
                    .withData("reason", "the database migrations have not run yet")
                    .build();
        }
        return HealthCheckResponse.named(NAME)
                .up()
                .withData("version", status.version())
                .build();
    }
}
