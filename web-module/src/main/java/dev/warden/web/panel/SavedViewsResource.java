package dev.warden.web.panel;

import dev.warden.auth.Operator;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.policy.Moderation;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.views.SavedViews;
import dev.warden.web.JsonBodies;
import dev.warden.web.auth.AdminSession;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The operator's saved list views of a resource: {@code GET /admin-api/_views/:resource} (200
 * the views by name), {@code POST /admin-api/_views/:resource {name, filters, sort, columns}} (201 a new view, 200
 * when it replaced the view of that name; 422 bad content) and {@code DELETE /admin-api/_views/:resource/:id} (200
 * the deleted view; 404 when the operator has no such view). Each needs {@code list} on the resource (403; 404 for
 * an unknown key). Saves and deletes are audited as {@code view.save} and {@code view.delete}. Logic in
 * {@link SavedViews}.
 *
 * <p>Its own root class: the literal {@code _views} makes JAX-RS pick it over {@link PanelResource} for these paths.
 */
@Path("_views/{resource}")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class SavedViewsResource {

    @EJB
    SavedViews views;

    @EJB
    Moderation moderation;

    @Inject
    AdminSession session;

    @Inject
    PanelAudit audit;

    /** See {@link SavedViewsResource}. */
    @GET
    public JsonArray list(@PathParam("resource") String key) {
        Operator operator = session.operator();
        return views.list(operator.userId(), moderation.authorize(operator, Operation.LIST, key));
    }

    /** See {@link SavedViewsResource}. */
    @POST
    @Consumes(MediaType.WILDCARD)
    public Response save(
            @PathParam("resource") String key, @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, String body) {
        Operator operator = session.operator();
        ResourceDef resource = moderation.authorize(operator, Operation.LIST, key);
        SavedViews.Saved saved = views.save(operator.userId(), resource, JsonBodies.object(contentType, body));
        audit.record(new AuditRecord(
                operator.userId(), "view.save", resource.key(), saved.view().getString("id"), saved.view()));
        return Response.status(saved.created() ? Response.Status.CREATED : Response.Status.OK)
                .entity(saved.view())
                .build();
    }

    /** See {@link SavedViewsResource}. */
    @DELETE
    @Path("{id}")
    public JsonObject delete(@PathParam("resource") String key, @PathParam("id") String id) {
        Operator operator = session.operator();
        ResourceDef resource = moderation.authorize(operator, Operation.LIST, key);
        JsonObject deleted = views.delete(operator.userId(), resource, id);
        audit.record(new AuditRecord(operator.userId(), "view.delete", resource.key(), id, deleted));
        return deleted;
    }
}
