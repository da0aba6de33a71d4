package dev.warden.web.panel;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.panel.actions.ActionRunner;
import dev.warden.panel.catalog.CatalogService;
import dev.warden.panel.crud.ETags;
import dev.warden.panel.crud.ListQuery;
import dev.warden.panel.crud.Page;
import dev.warden.panel.crud.ResourceRows;
import dev.warden.panel.crud.ResourceWrites;
import dev.warden.panel.crud.UpdateResult;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.policy.FieldAccess;
import dev.warden.panel.policy.Moderation;
import dev.warden.panel.policy.Visibility;
import dev.warden.panel.registry.RelationDef;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.ResourceRegistry;
import dev.warden.web.JsonBodies;
import dev.warden.web.auth.AdminSession;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
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
 * <p>Writes are audited ({@code create}, {@code update}, {@code delete}; docs/admin-api.md, "Endpoints" and "Events")
 * through {@link PanelAudit} once the write EJB has returned, i.e. after the mutation committed; an
 * audit-write failure is logged and does not change the answer.
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
    ResourceRegistry registry;

    @EJB
    CatalogService catalog;

    @EJB
    ActionRunner actions;

    @EJB
    Moderation moderation;

    @EJB
    ResourceRows rows;

    @EJB
    ResourceWrites writes;

    @Inject
    AdminSession session;

    @Inject
    PanelAudit audit;

    @Context
    UriInfo uri;

    /** {@code GET /admin-api}: 200 catalog; 403 {@code forbidden} for role user (docs/admin-api.md, "Authentication" rule 8). */
    @GET
    public JsonObject catalog() {
        Operator operator = session.operator();
        if (!operator.isOperator()) {
            throw ApiException.forbidden("The panel is for admins and moderators");
        }
        return catalog.catalog(operator);
    }

    /** 200 array of rows with {@code X-Total-Count}; 404 unknown key; 422 bad parameter; 403 by rule. */
    @GET
    @Path("{resource}")
    public Response list(@PathParam("resource") String key) {
        ResourceDef resource = resourceFor(key, Operation.LIST);
        Page page = rows.list(resource, ListQuery.parse(uri.getQueryParameters(), resource));
        return pageResponse(page, resource);
    }

    /** 200 the row with its {@code ETag}; 404 unknown key or row. */
    @GET
    @Path("{resource}/{id}")
    public Response read(@PathParam("resource") String key, @PathParam("id") String id) {
        ResourceDef resource = resourceFor(key, Operation.READ);
        return withETag(Response.ok(), visible(resource, rows.read(resource, id)));
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
        ResourceDef resource = resourceFor(key, Operation.CREATE);
        Operator operator = session.operator();
        JsonObject row = writes.create(
                resource, FieldAccess.checkBody(resource, JsonBodies.object(contentType, body), null), operator);
        audit.created(operator, resource, row);
        return withETag(
                Response.created(uri.getBaseUriBuilder()
                        .path(key)
                        .segment(row.getString("_id"))
                        .build()),
                visible(resource, row));
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
        ResourceDef resource = resourceFor(key, Operation.DELETE);
        Operator operator = session.operator();
        JsonObject row = writes.delete(resource, id, ifMatch, operator);
        audit.deleted(operator, resource, row);
        return visible(resource, row);
    }

    private Response update(String key, String id, String contentType, String ifMatch, String body) {
        ResourceDef resource = resourceFor(key, Operation.UPDATE);
        Operator operator = session.operator();
        JsonObject json = JsonBodies.object(contentType, body);
        json = FieldAccess.checkBody(
                resource, json, FieldAccess.namesLocked(resource, json) ? rows.read(resource, id) : null);
        UpdateResult result = writes.update(resource, id, json, ifMatch, operator);
        audit.updated(operator, resource, result);
        return withETag(Response.ok(), visible(resource, result.after()));
    }

    private static Response withETag(Response.ResponseBuilder response, JsonObject row) {
        return response.entity(row).header(HttpHeaders.ETAG, ETags.of(row)).build();
    }

    /** {@code GET /:resource/:id/_counts}: 200 {@code {"<relation>": n}} for the many-relations; 404 unknown row. */
    @GET
    @Path("{resource}/{id}/_counts")
    public JsonObject counts(@PathParam("resource") String key, @PathParam("id") String id) {
        ResourceDef resource = resourceFor(key, Operation.READ);
        return Visibility.counts(rows.counts(resource, id), resource, moderation.readableKeys(session.operator()));
    }

    /**
     * {@code GET /:resource/:id/relations/:name}: 200 array of related rows with {@code X-Total-Count};
     * needs read on both resources (docs/admin-api.md, "Endpoints"); 404 unknown relation or row.
     */
    @GET
    @Path("{resource}/{id}/relations/{name}")
    public Response relation(
            @PathParam("resource") String key, @PathParam("id") String id, @PathParam("name") String name) {
        ResourceDef resource = resourceFor(key, Operation.READ);
        RelationDef relation = resource.relations().stream()
                .filter(r -> r.name().equals(name))
                .findFirst()
                .orElseThrow(() -> ApiException.notFound("No relation '" + name + "' on " + key));
        ResourceDef target = resourceFor(relation.target(), Operation.READ);
        Page page = rows.relationRows(resource, id, relation, target, uri.getQueryParameters());
        return pageResponse(page, target);
    }

    /**
     * {@code POST /:resource/_action/:name} with {@code {id}} (per-row) or {@code {}} (bulk): 200
     * {@code {ok: true, result}}. Gated by the action's own roles only (docs/admin-api.md, "Custom actions" rule 5):
     * policies and mod scopes do not apply, so only the resource's existence is checked here.
     */
    @POST
    @Path("{resource}/_action/{name}")
    @Consumes(MediaType.WILDCARD)
    public JsonObject action(
            @PathParam("resource") String key,
            @PathParam("name") String name,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            String body) {
        ResourceDef resource = registry.find(key).orElseThrow(() -> ApiException.notFound("No resource '" + key + "'"));
        JsonObject args = JsonBodies.object(contentType, body);
        Operator operator = session.operator();
        JsonValue result;
        try {
            result = actions.invoke(resource, name, args, operator);
        } catch (ApiException e) {
            if (e.status() >= 500) {
                audit.custom(operator, resource, name, args, null, e.code()); // a failed handler is audited too
            }
            throw e;
        }
        audit.custom(operator, resource, name, args, result, null);
        return JSON.createObjectBuilder().add("ok", true).add("result", result).build();
    }

    /**
     * {@code row} with only the {@code _labels} of resources the operator may read, whose label column they may
     * read too. The
     * ETag is computed from the row as answered.
     */
    private JsonObject visible(ResourceDef resource, JsonObject row) {
        return Visibility.row(row, resource, moderation.labelableKeys(session.operator()));
    }

    /** 200 with the rows (labels as {@link #visible}), {@code X-Total-Count} and {@code X-Total-Count-Kind}. */
    private Response pageResponse(Page page, ResourceDef resource) {
        return Response.ok(Visibility.rows(page.rows(), resource, moderation.labelableKeys(session.operator())))
                .header(TOTAL_COUNT, page.total())
                .header(TOTAL_COUNT_KIND, page.exact() ? "exact" : "estimated")
                .build();
    }

    private ResourceDef resourceFor(String key, Operation action) {
        return moderation.authorize(session.operator(), action, key);
    }
}
