package dev.warden.web.panel;

import dev.warden.panel.views.SavedViews;
import dev.warden.panel.views.SavedViewsService;
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
 * an unknown key). Saves and deletes are audited as {@code view.save} and {@code view.delete}. Thin: each route
 * calls one method of {@link SavedViewsService}.
 *
 * <p>Its own root class: the literal {@code _views} makes JAX-RS pick it over {@link PanelResource} for these paths.
 */
@Path("_views/{resource}")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class SavedViewsResource {

    @EJB
    SavedViewsService views;

    @Inject
    AdminSession session;

    /** See {@link SavedViewsResource}. */
    @GET
    public JsonArray list(@PathParam("resource") String key) {
        return views.list(session.operator(), key);
    }

    /** See {@link SavedViewsResource}. */
    @POST
    @Consumes(MediaType.WILDCARD)
    public Response save(
            @PathParam("resource") String key, @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, String body) {
        SavedViews.Saved saved = views.save(session.operator(), key, () -> JsonBodies.object(contentType, body));
        return Response.status(saved.created() ? Response.Status.CREATED : Response.Status.OK)
                .entity(saved.view())
                .build();
    }

    /** See {@link SavedViewsResource}. */
    @DELETE
    @Path("{id}")
    public JsonObject delete(@PathParam("resource") String key, @PathParam("id") String id) {
        return views.delete(session.operator(), key, id);
    }
}
