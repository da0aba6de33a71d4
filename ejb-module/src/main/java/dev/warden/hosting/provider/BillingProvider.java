package dev.warden.hosting.provider;

import dev.warden.hosting.provider.ProviderPayloads.Customer;
import dev.warden.hosting.provider.ProviderPayloads.ProviderSubscription;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.faulttolerance.Bulkhead;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.ExecutionContext;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.FallbackHandler;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

/**
 * The billing provider behind MicroProfile Fault Tolerance (docs/architecture.md, "Requirements: Hosting side"; docs/hosting-api.md, "Requirements: Billing" and "Requirements: Errors":
 * 503 {@code billing_unavailable}). One guarded call reads a customer and its
 * subscriptions, so the {@link Timeout} bounds the whole fetch.
 *
 * <p>Policies (defaults; each can be changed with FT's own MicroProfile Config keys
 * {@code dev.warden.hosting.provider.BillingProvider/customer/<Annotation>/<parameter>}, see
 * docs/configuration.md): timeout 3 s; one retry after 200 ms, not after a timeout, an open circuit or a
 * full bulkhead; circuit opens when half of the last 10 calls failed, stays open 30 s; at most 10 calls at
 * once. Whatever fails ends in {@link ProviderUnavailableException} (the fallback), never in a raw
 * provider exception.
 */
@ApplicationScoped
public class BillingProvider {

    /** Default {@code warden.billing/mp-rest/readTimeout} (ms): the FT timeout's default, so a slow read ends with it. */
    static final long DEFAULT_READ_TIMEOUT_MS = 3000;

    private static final Logger LOG = Logger.getLogger(BillingProvider.class.getName());

    @Inject
    ProviderClients clients;

    /** A customer and every subscription of it, as the provider has them now. */
    public record CustomerBilling(Customer customer, List<ProviderSubscription> subscriptions) {}

    /**
     * Reads customer {@code customerId} and its subscriptions.
     *
     * @throws ProviderUnavailableException when the provider is down, slow, answers an error or breaks the
     *                                      contract, or the circuit is open or the bulkhead full
     */
    @Timeout(3000)
    @Retry(
            maxRetries = 1,
            delay = 200,
            jitter = 100,
            abortOn = {TimeoutException.class, CircuitBreakerOpenException.class, BulkheadException.class})
    @CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.5, delay = 30000, successThreshold = 1)
    @Bulkhead(10)
    @Fallback(Unavailable.class)
    public CustomerBilling customer(String customerId) {
        BillingProviderClient client = clients.billing();
        try {
            Customer customer = ProviderPayloads.customer(client.customer(customerId));
            List<ProviderSubscription> subscriptions = ProviderPayloads.subscriptions(client.subscriptions(customerId));
            return new CustomerBilling(customer, subscriptions);
        } finally {
            ProviderClients.close(client);
        }
    }

    /** The fallback: logs why and throws {@link ProviderUnavailableException}. */
    public static class Unavailable implements FallbackHandler<CustomerBilling> {
        @Override
        public CustomerBilling handle(ExecutionContext context) {
            Throwable failure = context.getFailure();
            String why = failure == null
                    ? "unknown failure"
                    : failure.getClass().getSimpleName() + ": " + failure.getMessage();
            // an open circuit is the expected answer while the provider recovers: not worth a warning each time
            LOG.log(
                    failure instanceof CircuitBreakerOpenException ? Level.FINE : Level.WARNING,
                    "billing provider unavailable: {0}",
                    why);
            throw new ProviderUnavailableException("billing provider unavailable: " + why, failure);
        }
    }
}
