package dev.warden.web.hosting;

import dev.warden.hosting.billing.BillingService;
import dev.warden.hosting.limits.Endpoint;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code GET /api/v1/billing}: the team's billing summary (docs/hosting-api.md, "Requirements: Billing"; {@link BillingService}). */
@Path("billing")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class BillingResource {

    @EJB
    BillingService billing;

    @Inject
    HostingRequest hosting;

    /** 200 {@code {account, applications, fetched_at}}; 503 {@code billing_unavailable} with Retry-After. */
    @GET
    @HostingEndpoint(Endpoint.BILLING)
    public JsonObject summary() {
        return billing.summary(hosting.access().teamId());
    }
}
