package dev.warden.web.agent;

import dev.warden.hosting.agent.AgentIngestion;
import dev.warden.hosting.agent.AgentIngestion.Stored;
import dev.warden.web.JsonBodies;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * What instance agents push (docs/architecture.md, "Requirements: Hosting side"; contracts: agent ingestion API). The body is read as text and
 * parsed by {@link JsonBodies} (400 {@code bad_request} for another content type or unparseable JSON).
 */
@Path("instances/{id}")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class AgentResource {

    @EJB
    AgentIngestion ingestion;

    @Inject
    AgentRequest agent;

    /**
     * {@code POST /agent/v1/instances/{id}/reports}: 201 {@code {data: {instance_id, sampled_at}}} when stored, 200
     * with the same body when that (instance, sampled_at) was already stored; 401; 404; 422 with {@code fields}.
     */
    @POST
    @Path("reports")
    @Consumes(MediaType.WILDCARD)
    public Response report(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, String body) {
        Stored stored = ingestion.report(agent.instance(), JsonBodies.object(contentType, body));
        return Response.status(stored.created() ? 201 : 200)
                .entity(stored.body())
                .build();
    }

    /**
     * {@code POST /agent/v1/instances/{id}/deploys/{deployId}}: 200 {@code {data: Deploy without output}}; 401; 404
     * when the deploy is not of the instance's application; 422 with {@code fields}.
     */
    @POST
    @Path("deploys/{deployId}")
    @Consumes(MediaType.WILDCARD)
    public JsonObject deploy(
            @PathParam("deployId") String deployId,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            String body) {
        return ingestion.deployProgress(agent.instance(), deployId, JsonBodies.object(contentType, body));
    }
}
