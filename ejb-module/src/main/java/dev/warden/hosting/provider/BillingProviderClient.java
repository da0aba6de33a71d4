package dev.warden.hosting.provider;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * The billing provider's customer API (docs/architecture.md, "Requirements: Hosting side", {@code BillingProviderClient}). Base URL:
 * MicroProfile Config {@code warden.billing/mp-rest/url} (env {@code WARDEN_BILLING_MP_REST_URL}); built
 * per call by {@link ProviderClients}. Amounts are integers in the currency's minor unit (cents for USD,
 * yen for JPY), as card-payment providers send them; Warden answers in currency units
 * ({@link ProviderPayloads#units}).
 */
@RegisterRestClient(configKey = BillingProviderClient.CONFIG_KEY)
@Path("/customers")
public interface BillingProviderClient extends AutoCloseable {

    /** The MicroProfile Rest Client config key: {@code warden.billing/mp-rest/url} etc. */
    String CONFIG_KEY = "warden.billing";

    /**
     * {@code GET /customers/{id}} → {@code {"id", "currency": "usd", "credit_balance": 2500,
     * "balance_due": 0, "unused_time_credit": 120}} (ISO 4217 currency, any case; amounts in minor units).
     */
    @GET
    @Path("/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    JsonObject customer(@PathParam("id") String customerId);

    /**
     * {@code GET /customers/{id}/subscriptions} → {@code [{"id": "sub_...", "status": "active",
     * "monthly_price": 2900, "current_period_end": "2026-12-01T00:00:00Z", "cancel_at_period_end": false}]}:
     * every subscription of the customer; {@code monthly_price} is the list price in minor units of the
     * customer's currency, {@code current_period_end} an ISO 8601 time with offset.
     */
    @GET
    @Path("/{id}/subscriptions")
    @Produces(MediaType.APPLICATION_JSON)
    JsonArray subscriptions(@PathParam("id") String customerId);
}
