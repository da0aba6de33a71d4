package dev.warden.hosting.provider;

import dev.warden.hosting.provider.ProviderPayloads.TrafficDay;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.LocalDate;
import java.util.List;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

/**
 * The infrastructure provider behind MicroProfile Fault Tolerance, for the hourly egress copy (docs/architecture.md, "Requirements: Hosting side":
 * on failure the last figures and {@code collected_at} stay).
 *
 * <p>Policies (defaults; FT keys {@code dev.warden.hosting.provider.InfrastructureProvider/traffic/<Annotation>/<parameter>}):
 * timeout 10 s; two retries 1 s apart, not after a timeout or an open circuit; the circuit opens when half
 * of the last 10 calls failed and stays open 60 s, so a provider outage fails the rest of a copy fast.
 */
@ApplicationScoped
public class InfrastructureProvider {

    /** Default {@code warden.infrastructure/mp-rest/readTimeout} (ms), the FT timeout's default. */
    static final long DEFAULT_READ_TIMEOUT_MS = 10000;

    @Inject
    ProviderClients clients;

    /**
     * The traffic of server {@code serverId} per UTC day from {@code from} to {@code to} (inclusive), only
     * the days the provider has.
     *
     * @throws ProviderUnavailableException when the URL is not configured or the body breaks the contract
     * @throws RuntimeException             any client or FT failure (timeout, open circuit, error status)
     */
    @Timeout(10000)
    @Retry(
            maxRetries = 2,
            delay = 1000,
            jitter = 200,
            abortOn = {TimeoutException.class, CircuitBreakerOpenException.class})
    @CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.5, delay = 60000, successThreshold = 1)
    public List<TrafficDay> traffic(String serverId, LocalDate from, LocalDate to) {
        InfrastructureProviderClient client = clients.infrastructure();
        try {
            return ProviderPayloads.traffic(client.traffic(serverId, from.toString(), to.toString()));
        } finally {
            ProviderClients.close(client);
        }
    }
}
