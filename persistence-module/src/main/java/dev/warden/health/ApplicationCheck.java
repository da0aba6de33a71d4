package dev.warden.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/**
 * Liveness check {@code warden-application}: UP whenever it can answer, i.e. the application is deployed and its
 * request threads run, unless a start-up step failed ({@link HealthState#startFailed}): then DOWN with data
 * {@code failed} (the step), {@code reason} and {@code action}, so that an orchestrator restarts the node
 * (docs/operations.md, "Start-up failures"). It deliberately does not look at the database: a database outage makes
 * Warden unready, not dead, so an orchestrator should stop routing to it rather than restart it.
 */
@Liveness
@ApplicationScoped
public class ApplicationCheck implements HealthCheck {

    /** The check's name in the health JSON. */
    public static final String NAME = "warden-application";

    /** What an operator does about a failed start, in the check's data. */
    static final String ACTION = "fix the cause named in the log line 'Warden did not start' and restart the server";

    @Inject
    HealthState state;

    @Override
    public HealthCheckResponse call() {
        String step = state.failedStep();
        if (step != null) {
            return HealthCheckResponse.named(NAME)
                    .down()
                    .withData("failed", step)
                    .withData("reason", state.failure())
                    .withData("action", ACTION)
                    .build();
        }
        return HealthCheckResponse.named(NAME).up().build();
    }
}
