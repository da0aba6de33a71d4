package dev.warden.web.panel;

import dev.warden.panel.catalog.CatalogService;
import dev.warden.panel.crud.ETags;
import dev.warden.panel.crud.Page;
import dev.warden.panel.rows.PanelRows;
import dev.warden.web.JsonBodies;
import dev.warden.web.auth.AdminSession;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * The catalog and the rows of panel resources: {@code GET /admin-api}, {@code GET /admin-api/:resource},
 * {@code GET /admin-api/:resource/:id}, and the writes {@code POST /admin-api/:resource},
 * {@code PATCH}/{@code PUT}/{@code DELETE /admin-api/:resource/:id} (docs/admin-api.md, "Endpoints" and "Catalog" and "List query parameters" and "Rows").
 *
 * <p>Single-row answers (read, create, update) carry a strong {@code ETag} ({@link ETags}); update and delete
 * honour {@code If-Match} (412 {@code precondition_failed} when the row changed). Write bodies are read as
 * text whatever the content type, then parsed: a present {@code Content-Type} other than JSON, or a body
 * that is not a JSON object, is 400 {@code bad_request}.
 *
 * <p>Thin (docs/architecture.md, "Requirements: Layout" rule 3): each route parses the request, calls one
 * method of {@link PanelRows} (which authorises, does the work and records the audit entry once the mutation
 * committed) or {@link CatalogService}, and maps the answer to status, headers and JSON.
 *
 * <p>One root resource for the whole {@code /admin-api/...} space on purpose: JAX-RS matches a request
 * against the first root class only, so a separate {@code @Path("")} catalog class beside a
 * {@code @Path("{resource}")} class made list and read answer 404 whenever the runtime happened to try the
 * catalog class first (registration order of {@code Class} objects is not stable across deployments).
 * More specific literal paths stay in their own classes: literal characters sort first ({@code auth}, and
 * {@link UserModerationResource}'s {@code users/:id/<action>}).
 */
@Path("")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class PanelResource {

    /** Total row count of a list. */
    public static final String TOTAL_COUNT = "X-Total-Count";
    /** {@code exact} or {@code estimated} (above {@code warden.list.exact-count-limit} matching rows). */
    public static final String TOTAL_COUNT_KIND = "X-Total-Count-Kind";

    @EJB
    CatalogService catalog;

    @EJB
    PanelRows rows;

    @Inject
    AdminSession session;

    @Context
    UriInfo uri;

    /** {@code GET /admin-api}: 200 catalog; 403 {@code forbidden} for role user (docs/admin-api.md, "Authentication" rule 8). */
    @GET
    public JsonObject catalog() {
        return catalog.catalog(session.operator());
    }

    /** 200 array of rows with {@code X-Total-Count}; 404 unknown key; 422 bad parameter; 403 by rule. */
    @GET
    @Path("{resource}")
    public Response list(@PathParam("resource") String key) {
        return pageResponse(rows.list(session.operator(), key, uri.getQueryParameters()));
    }

    /** 200 the row with its {@code ETag}; 404 unknown key or row. */
    @GET
    @Path("{resource}/{id}")
    public Response read(@PathParam("resource") String key, @PathParam("id") String id) {
        return withETag(Response.ok(), rows.read(session.operator(), key, id));
    }

    /**
     * {@code POST /admin-api/:resource}: 201 with the new row, {@code Location: /admin-api/<key>/<_id>} and
     * {@code ETag}; 400 bad JSON or content type; 403 by rule; 404 unknown key; 409 unique or foreign-key
     * violation; 422 unknown column, bad value or missing required column ({@code fields}).
     */
    @POST
    @Path("{resource}")
    @Consumes(MediaType.WILDCARD)
    public Response create(
            @PathParam("resource") String key, @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, String body) {
        JsonObject row = rows.create(session.operator(), key, () -> JsonBodies.object(contentType, body));
        return withETag(
                Response.created(uri.getBaseUriBuilder()
                        .path(key)
                        .segment(row.getString("_id"))
                        .build()),
                row);
    }

    /** {@code PATCH /admin-api/:resource/:id}: as {@link #put}. */
    @PATCH
    @Path("{resource}/{id}")
    @Consumes(MediaType.WILDCARD)
    public Response patch(
            @PathParam("resource") String key,
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            String body) {
        return update(key, id, contentType, ifMatch, body);
    }

    /**
     * {@code PUT /admin-api/:resource/:id}: updates the columns present (like PATCH; {@code _id}, {@code _labels}
     * and an unchanged primary key are ignored); 200 the row with its {@code ETag}; 400 bad JSON or content type;
     * 403 by rule; 404 unknown key or row; 409 unique or foreign-key violation; 412 stale {@code If-Match};
     * 422 unknown column, bad value or changed primary key.
     */
    @PUT
    @Path("{resource}/{id}")
    @Consumes(MediaType.WILDCARD)
    public Response put(
            @PathParam("resource") String key,
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            String body) {
        return update(key, id, contentType, ifMatch, body);
    }

    /**
     * {@code DELETE /admin-api/:resource/:id}: 200 the deleted row (a request body is ignored); 403 by rule;
     * 404 unknown key or row; 409 still referenced; 412 stale {@code If-Match}.
     */
    @DELETE
    @Path("{resource}/{id}")
    public JsonObject delete(
            @PathParam("resource") String key,
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch) {
        return rows.delete(session.operator(), key, id, ifMatch);
    }

    private Response update(String key, String id, String contentType, String ifMatch, String body) {
        return withETag(
                Response.ok(),
                rows.update(session.operator(), key, id, () -> JsonBodies.object(contentType, body), ifMatch));
    }

    private static Response withETag(Response.ResponseBuilder response, JsonObject row) {
        return response.entity(row).header(HttpHeaders.ETAG, ETags.of(row)).build();
    }

    /** {@code GET /:resource/:id/_counts}: 200 {@code {"<relation>": n}} for the many-relations; 404 unknown row. */
    @GET
    @Path("{resource}/{id}/_counts")
    public JsonObject counts(@PathParam("resource") String key, @PathParam("id") String id) {
        return rows.counts(session.operator(), key, id);
    }

    /**
     * {@code GET /:resource/:id/relations/:name}: 200 array of related rows with {@code X-Total-Count};
     * needs read on both resources (docs/admin-api.md, "Endpoints"); 404 unknown relation or row.
     */
    @GET
    @Path("{resource}/{id}/relations/{name}")
    public Response relation(
            @PathParam("resource") String key, @PathParam("id") String id, @PathParam("name") String name) {
        return pageResponse(rows.relation(session.operator(), key, id, name, uri.getQueryParameters()));
    }

    /**
     * {@code POST /:resource/_action/:name} with {@code {id}} (per-row) or {@code {}} (bulk): 200
     * {@code {ok: true, result}}. Gated by the action's own roles only (docs/admin-api.md, "Custom actions" rule 5):
     * policies and mod scopes do not apply ({@link PanelRows#action}).
     */
    @POST
    @Path("{resource}/_action/{name}")
    @Consumes(MediaType.WILDCARD)
    public JsonObject action(
            @PathParam("resource") String key,
            @PathParam("name") String name,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            String body) {
        return rows.action(session.operator(), key, name, () -> JsonBodies.object(contentType, body));
    }

    /** 200 with the rows, {@code X-Total-Count} and {@code X-Total-Count-Kind}. */
    private static Response pageResponse(Page page) {
        return Response.ok(page.rows())
                .header(TOTAL_COUNT, page.total())
                .header(TOTAL_COUNT_KIND, page.exact() ? "exact" : "estimated")
                .build();
    }
}
