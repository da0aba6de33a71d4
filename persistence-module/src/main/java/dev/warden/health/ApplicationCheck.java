package dev.warden.health;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/**
 * Liveness check {@code warden-application}: UP whenever it can answer, i.e. the application is deployed and its
 * request threads run. It deliberately does not look at the database: a database outage makes Warden unready,
 * not dead, so an orchestrator should stop routing to it rather than restart it.
 */
@Liveness
@ApplicationScoped
public class ApplicationCheck implements HealthCheck {

    /** The check's name in the health JSON. */
    public static final String NAME = "warden-application";

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named(NAME).up().build();
    }
}
