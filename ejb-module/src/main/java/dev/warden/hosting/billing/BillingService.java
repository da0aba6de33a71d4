package dev.warden.hosting.billing;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.hosting.provider.BillingProvider;
import dev.warden.hosting.provider.ProviderPayloads;
import dev.warden.hosting.provider.ProviderPayloads.ProviderSubscription;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code GET /api/v1/billing} (docs/hosting-api.md, "Requirements: Billing"; docs/architecture.md, "Requirements: Hosting side"): the team owner's billing
 * account and each application's subscription, read from the billing provider through {@link BillingProvider}.
 *
 * <p>Shape: {@code {"account": {currency, credit_balance, balance_due, unused_time_credit} | null,
 * "applications": [{id, slug, name, subscription: {status, monthly_price, current_period_end,
 * cancel_at_period_end} | null}], "fetched_at": "<ISO 8601 UTC>"}}. Amounts are numbers in units of the
 * account's currency (the provider's minor units divided by the currency's fraction digits). {@code account}
 * is null when the owner has no billing account; then no provider call is made and every subscription is null
 * (a subscription is read through its customer). A subscription row the provider does not list is null too.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class BillingService {

    private static final Logger LOG = Logger.getLogger(BillingService.class.getName());

    @EJB
    BillingRecords records;

    @Inject
    BillingProvider provider;

    @Inject
    @ConfigProperty(name = "warden.billing.retry-after-seconds", defaultValue = "30")
    int retryAfterSeconds;

    /**
     * The billing summary of team {@code teamId}.
     *
     * @throws ApiException 503 {@code billing_unavailable} with {@code Retry-After} when the provider is down,
     *                      slow (past the configured timeout), answers an error, breaks its contract, or its
     *                      circuit is open
     */
    public JsonObject summary(long teamId) {
        BillingRecords.Team team = records.of(teamId);
        Map<String, ProviderSubscription> subscriptions = new HashMap<>();
        JsonObjectBuilder out = JSON.createObjectBuilder();
        String currency = null;
        if (team.customerId() == null) {
            out.addNull("account");
        } else {
            BillingProvider.CustomerBilling billing;
            try {
                billing = provider.customer(team.customerId());
            } catch (RuntimeException e) {
                LOG.log(Level.FINE, "billing provider failed", e);
                throw new ApiException(
                        ErrorCode.BILLING_UNAVAILABLE,
                        "Billing information cannot be fetched right now; retry later",
                        Map.of(),
                        Map.of("Retry-After", String.valueOf(Math.max(1, retryAfterSeconds))));
            }
            ProviderPayloads.Customer c = billing.customer();
            currency = c.currency();
            out.add(
                    "account",
                    JSON.createObjectBuilder()
                            .add("currency", currency)
                            .add("credit_balance", ProviderPayloads.units(c.creditBalance(), currency))
                            .add("balance_due", ProviderPayloads.units(c.balanceDue(), currency))
                            .add("unused_time_credit", ProviderPayloads.units(c.unusedTimeCredit(), currency)));
            billing.subscriptions().forEach(s -> subscriptions.put(s.id(), s));
        }
        JsonArrayBuilder apps = JSON.createArrayBuilder();
        for (BillingRecords.App app : team.applications()) {
            JsonObjectBuilder a = JSON.createObjectBuilder()
                    .add("id", app.id())
                    .add("slug", app.slug())
                    .add("name", app.name());
            ProviderSubscription s =
                    app.providerSubscriptionId() == null ? null : subscriptions.get(app.providerSubscriptionId());
            if (s == null || currency == null) {
                a.addNull("subscription");
            } else {
                a.add(
                        "subscription",
                        JSON.createObjectBuilder()
                                .add("status", s.status())
                                .add("monthly_price", ProviderPayloads.units(s.monthlyPrice(), currency))
                                .add(
                                        "current_period_end",
                                        s.currentPeriodEnd()
                                                .truncatedTo(ChronoUnit.SECONDS)
                                                .toString())
                                .add("cancel_at_period_end", s.cancelAtPeriodEnd()));
            }
            apps.add(a);
        }
        return out.add("applications", apps)
                .add("fetched_at", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString())
                .build();
    }
}
