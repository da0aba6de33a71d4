package dev.warden.web.hosting;

import dev.warden.hosting.limits.Endpoint;
import dev.warden.hosting.logs.LogService;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;

/**
 * {@code GET /api/v1/applications/{slug}/instances/{id}/logs}: an instance's newest output as
 * {@code text/plain; charset=UTF-8} (docs/hosting-api.md, "Requirements: Endpoints"; {@link LogService}). No
 * {@code @Produces}: any {@code Accept} gets the text, and errors are JSON as everywhere.
 */
@Path("applications/{slug}/instances/{id}/logs")
@RequestScoped
public class InstanceLogsResource {

    /** The media type of a log answer. */
    public static final String TEXT = "text/plain; charset=UTF-8";

    @EJB
    LogService logs;

    @Inject
    HostingRequest hosting;

    /** 200 text; 404, 409 {@code instance_not_ready}, 422, 502 {@code instance_unreachable} as JSON errors. */
    @GET
    @HostingEndpoint(Endpoint.LOGS)
    public Response read(
            @PathParam("slug") String slug,
            @PathParam("id") String id,
            @QueryParam("lines") String lines,
            @QueryParam("stream") String stream) {
        String text = logs.read(hosting.access().teamId(), slug, id, lines, stream);
        return Response.ok(text, TEXT).build();
    }
}
