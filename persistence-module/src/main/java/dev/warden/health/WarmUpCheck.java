package dev.warden.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness check {@code warden-warm-up}: DOWN while the start-up warm-up runs
 * ({@code warden.warm-up.seconds}, dev.warden.warmup.WarmUp), so that a load balancer that follows readiness sends
 * no request to a node whose JIT compiler has not yet compiled the request paths; UP otherwise, with data
 * {@code warm-up} saying what it did ("not configured" when it is off).
 */
@Readiness
@ApplicationScoped
public class WarmUpCheck implements HealthCheck {

    /** The check's name in the health JSON. */
    public static final String NAME = "warden-warm-up";

    @Inject
    HealthState status;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named(NAME)
                .status(!status.warmingUp())
                .withData("warm-up", status.warmUp())
                .build();
    }
}
