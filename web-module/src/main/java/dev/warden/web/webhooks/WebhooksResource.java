package dev.warden.web.webhooks;

import dev.warden.web.JsonBodies;
import dev.warden.web.auth.AdminSession;
import dev.warden.webhooks.Webhooks;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The webhook routes (docs/webhooks.md, "Admin API"; docs/security.md, the {@code _webhooks} rows), admins only:
 * {@code GET|POST /admin-api/_webhooks}, {@code GET|PATCH|DELETE /admin-api/_webhooks/:id}, {@code POST
 * .../:id/rotate}, {@code GET .../:id/deliveries}, {@code GET .../:id/deliveries/:delivery}, {@code POST
 * .../:id/deliveries/:delivery/retry} (202), {@code POST .../:id/replay} (202) and {@code POST .../:id/test} (202).
 * Thin: each route calls one method of {@link Webhooks}.
 */
@Path("_webhooks")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class WebhooksResource {

    @EJB
    Webhooks webhooks;

    @Inject
    AdminSession session;

    /** See {@link WebhooksResource}. */
    @GET
    public JsonArray list() {
        return webhooks.list(session.operator());
    }

    /** See {@link WebhooksResource}: 201 the subscription with its secret, shown once. */
    @POST
    @Consumes(MediaType.WILDCARD)
    public Response create(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, String body) {
        JsonObject created = webhooks.create(session.operator(), () -> JsonBodies.object(contentType, body));
        return Response.status(Response.Status.CREATED).entity(created).build();
    }

    /** See {@link WebhooksResource}. */
    @GET
    @Path("{id}")
    public JsonObject read(@PathParam("id") String id) {
        return webhooks.read(session.operator(), id);
    }

    /** See {@link WebhooksResource}. */
    @PATCH
    @Path("{id}")
    @Consumes(MediaType.WILDCARD)
    public JsonObject update(
            @PathParam("id") String id, @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, String body) {
        return change(Webhooks.Change.UPDATE, id, contentType, body);
    }

    /** See {@link WebhooksResource}. */
    @DELETE
    @Path("{id}")
    public JsonObject delete(@PathParam("id") String id) {
        return webhooks.delete(session.operator(), id);
    }

    /** See {@link WebhooksResource}: 200 the subscription with its new secret, shown once. */
    @POST
    @Path("{id}/rotate")
    @Consumes(MediaType.WILDCARD)
    public JsonObject rotate(
            @PathParam("id") String id, @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, String body) {
        return change(Webhooks.Change.ROTATE, id, contentType, body);
    }

    /** PATCH and rotate: one call of {@link Webhooks#change}. */
    private JsonObject change(Webhooks.Change change, String id, String contentType, String body) {
        return webhooks.change(session.operator(), id, change, () -> JsonBodies.object(contentType, body));
    }

    /** See {@link WebhooksResource}. */
    @GET
    @Path("{id}/deliveries")
    public JsonArray deliveries(@PathParam("id") String id, @QueryParam("_limit") String limit) {
        return webhooks.deliveries(session.operator(), id, limit);
    }

    /** See {@link WebhooksResource}. */
    @GET
    @Path("{id}/deliveries/{delivery}")
    public JsonObject delivery(@PathParam("id") String id, @PathParam("delivery") String delivery) {
        return webhooks.delivery(session.operator(), id, delivery);
    }

    /** See {@link WebhooksResource}: 202. */
    @POST
    @Path("{id}/deliveries/{delivery}/retry")
    @Consumes(MediaType.WILDCARD)
    public Response retry(@PathParam("id") String id, @PathParam("delivery") String delivery) {
        webhooks.retry(session.operator(), id, delivery);
        return Response.accepted().build();
    }

    /** See {@link WebhooksResource}: 202 {@code {queued}}. */
    @POST
    @Path("{id}/replay")
    @Consumes(MediaType.WILDCARD)
    public Response replay(
            @PathParam("id") String id, @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, String body) {
        return Response.accepted(webhooks.replay(session.operator(), id, () -> JsonBodies.object(contentType, body)))
                .build();
    }

    /** See {@link WebhooksResource}: 202 {@code {delivery_id}}. */
    @POST
    @Path("{id}/test")
    @Consumes(MediaType.WILDCARD)
    public Response test(@PathParam("id") String id) {
        return Response.accepted(webhooks.test(session.operator(), id)).build();
    }
}
