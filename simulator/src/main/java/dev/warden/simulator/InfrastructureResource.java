package dev.warden.simulator;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;

/**
 * The infrastructure provider contract (docs/architecture.md, "Requirements: Hosting side", {@code InfrastructureProviderClient}) under
 * {@code /warden-simulator/infrastructure}: {@code GET /servers/{server_id}/traffic?from=YYYY-MM-DD&to=YYYY-MM-DD}
 * → {@code [{date, outgoing_bytes, incoming_bytes}]}; 400 on bad dates. Obeys the {@code infrastructure} mode.
 */
@Path("infrastructure/servers/{server_id}/traffic")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class InfrastructureResource {

    @Inject
    Faults faults;

    @Inject
    Traffic traffic;

    @Context
    UriInfo uri;

    @GET
    public Response traffic(
            @PathParam("server_id") String serverId, @QueryParam("from") String from, @QueryParam("to") String to) {
        Response failure = faults.apply("infrastructure", uri);
        if (failure != null) {
            return failure;
        }
        try {
            LocalDate f = LocalDate.parse(from);
            LocalDate t = LocalDate.parse(to);
            return Response.ok(traffic.days(serverId, f, t)).build();
        } catch (DateTimeParseException | NullPointerException e) {
            return Response.status(400)
                    .entity(Json.createObjectBuilder()
                            .add("error", "from and to must be YYYY-MM-DD")
                            .build())
                    .build();
        }
    }
}
