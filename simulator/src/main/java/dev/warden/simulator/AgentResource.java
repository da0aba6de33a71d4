package dev.warden.simulator;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * The instance agent contract (docs/architecture.md, "Requirements: Hosting side", {@code InstanceAgentClient}) for every simulated
 * instance: its endpoint is {@code /warden-simulator/agents/{key}} (the demo uses the Warden instance id
 * as key), and {@code GET {endpoint}/logs?lines=100&stream=all|out|err} answers its newest output as
 * {@code text/plain} with ANSI colours; 400 on bad parameters. Obeys the {@code agent} mode.
 */
@Path("agents/{key}/logs")
@RequestScoped
public class AgentResource {

    @Inject
    Faults faults;

    @Inject
    AgentLogs logs;

    @Context
    UriInfo uri;

    @GET
    public Response logs(
            @PathParam("key") String key, @QueryParam("lines") String lines, @QueryParam("stream") String stream) {
        Response failure = faults.apply("agent", uri);
        if (failure != null) {
            return failure;
        }
        int count;
        try {
            count = lines == null ? 100 : Integer.parseInt(lines);
        } catch (NumberFormatException e) {
            count = -1;
        }
        String s = stream == null ? "all" : stream;
        if (count < 1 || !(s.equals("all") || s.equals("out") || s.equals("err"))) {
            return Response.status(400)
                    .type("text/plain")
                    .entity("lines must be a positive number, stream all|out|err\n")
                    .build();
        }
        StringBuilder out = new StringBuilder();
        for (AgentLogs.Line line : logs.newest(key, s, count)) {
            out.append(line.text()).append('\n');
        }
        return Response.ok(out.toString(), "text/plain; charset=UTF-8").build();
    }
}
