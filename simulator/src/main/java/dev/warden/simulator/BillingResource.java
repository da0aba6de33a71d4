package dev.warden.simulator;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * The billing provider contract (docs/architecture.md, "Requirements: Hosting side", {@code BillingProviderClient}) under
 * {@code /warden-simulator/billing}: {@code GET /customers/{id}} and {@code GET /customers/{id}/subscriptions};
 * 404 for an unknown customer. Obeys the {@code billing} mode of {@link Faults}.
 */
@Path("billing/customers/{id}")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class BillingResource {

    @Inject
    Faults faults;

    @Inject
    Billing billing;

    @Context
    UriInfo uri;

    @GET
    public Response customer(@PathParam("id") String id) {
        Response failure = faults.apply("billing", uri);
        if (failure != null) {
            return failure;
        }
        Billing.Customer c = billing.get(id);
        return c == null ? notFound(id) : Response.ok(c.customer()).build();
    }

    @GET
    @Path("subscriptions")
    public Response subscriptions(@PathParam("id") String id) {
        Response failure = faults.apply("billing", uri);
        if (failure != null) {
            return failure;
        }
        Billing.Customer c = billing.get(id);
        return c == null ? notFound(id) : Response.ok(c.subscriptions()).build();
    }

    private static Response notFound(String id) {
        return Response.status(404)
                .entity(Json.createObjectBuilder()
                        .add("error", "no such customer: " + id)
                        .build())
                .build();
    }
}
