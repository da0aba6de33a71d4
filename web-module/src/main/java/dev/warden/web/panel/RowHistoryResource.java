package dev.warden.web.panel;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.common.ListWindow;
import dev.warden.panel.crud.ETags;
import dev.warden.panel.crud.UpdateResult;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.history.RowHistory;
import dev.warden.panel.policy.Moderation;
import dev.warden.panel.policy.Visibility;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.web.JsonBodies;
import dev.warden.web.auth.AdminSession;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Map;

/**
 * A row's history and its revert (docs/security.md): {@code GET /admin-api/:resource/:id/_history},
 * {@code POST /admin-api/:resource/:id/_revert {audit_id}} and {@code POST /admin-api/:resource/_restore {audit_id}}.
 * The logic is {@link RowHistory}'s; a revert is audited here, once it committed, as an ordinary {@code update}
 * (a restore as a {@code create}) whose payload also names {@code reverted_from}.
 *
 * <p>One small root class per route with its exact path (see {@link UserModerationResource}): their literal
 * segments make JAX-RS choose them before {@link PanelResource}'s {@code {resource}/{id}}.
 */
public abstract class RowHistoryResource {

    @EJB
    RowHistory history;

    @EJB
    Moderation moderation;

    @Inject
    AdminSession session;

    @Inject
    PanelAudit audit;

    @Context
    UriInfo uri;

    /** {@code audit_id} of a body: a positive integer (number or digits), else 422. */
    static long auditId(JsonObject body) {
        JsonValue value = body.get("audit_id");
        try {
            long id = value instanceof JsonNumber n
                    ? n.longValueExact()
                    : value instanceof JsonString s ? Long.parseLong(s.getString()) : -1;
            if (id > 0) {
                return id;
            }
        } catch (ArithmeticException | NumberFormatException e) {
            // answered below
        }
        throw ApiException.invalid("audit_id", "must be the id of an audit entry");
    }

    JsonObject visible(ResourceDef resource, JsonObject row) {
        return Visibility.row(row, resource, moderation.labelableKeys(session.operator()));
    }

    /**
     * {@code GET /admin-api/:resource/:id/_history?_start&_end}: 200 array of {@code {id, created_at, operator_id,
     * action, payload}}, newest first, with {@code X-Total-Count} (default window {@code _start} to {@code _start + 50},
     * at most 1000; another parameter is 422 naming it); needs
     * read on the resource. Payloads show only the columns the caller may read: never a write-only field, a hidden
     * column or a credential change; a custom action shows its name only.
     */
    @Path("{resource}/{id}/_history")
    @RequestScoped
    @Produces(MediaType.APPLICATION_JSON)
    public static class History extends RowHistoryResource {

        /** See {@link History}. */
        @GET
        public Response list(@PathParam("resource") String key, @PathParam("id") String id) {
            ResourceDef resource = moderation.authorize(session.operator(), Operation.READ, key);
            Map<String, List<String>> params = uri.getQueryParameters();
            for (String name : params.keySet()) {
                if (!name.equals("_start") && !name.equals("_end")) {
                    // a list refuses a parameter it does not know, as the other lists do (docs/admin-api.md)
                    throw ApiException.invalid(name, "unknown parameter; the history takes _start and _end");
                }
            }
            ListWindow window = ListWindow.parse(params, 50, RowHistory.MAX_WINDOW);
            RowHistory.Page page = history.history(resource, id, window.start(), window.end());
            return Response.ok(page.entries())
                    .header(PanelResource.TOTAL_COUNT, page.total())
                    .build();
        }
    }

    /**
     * {@code POST /admin-api/:resource/:id/_revert {audit_id}}: 200 the row with its {@code ETag}, the
     * {@code before} values of that update entry put back; needs update on the resource and write access to each
     * column (403 naming it); 404 not an entry of this row; 409 a column changed since; 422 not an update.
     */
    @Path("{resource}/{id}/_revert")
    @RequestScoped
    @Produces(MediaType.APPLICATION_JSON)
    public static class Revert extends RowHistoryResource {

        /** See {@link Revert}. */
        @POST
        @Consumes(MediaType.WILDCARD)
        public Response revert(
                @PathParam("resource") String key,
                @PathParam("id") String id,
                @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                String body) {
            Operator operator = session.operator();
            ResourceDef resource = moderation.authorize(operator, Operation.UPDATE, key);
            long auditId = auditId(JsonBodies.object(contentType, body));
            UpdateResult result = history.revert(resource, id, auditId, operator);
            audit.reverted(operator, resource, result, auditId);
            JsonObject row = visible(resource, result.after());
            return Response.ok(row).header(HttpHeaders.ETAG, ETags.of(row)).build();
        }
    }

    /**
     * {@code POST /admin-api/:resource/_restore {audit_id}}: 201 the re-created row ({@code Location}, {@code ETag})
     * from that delete entry, with its key; needs create on the resource and write access to each column (403
     * naming it); 404 not an entry of this resource; 409 the row exists again; 422 not a delete.
     */
    @Path("{resource}/_restore")
    @RequestScoped
    @Produces(MediaType.APPLICATION_JSON)
    public static class Restore extends RowHistoryResource {

        /** See {@link Restore}. */
        @POST
        @Consumes(MediaType.WILDCARD)
        public Response restore(
                @PathParam("resource") String key,
                @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                String body) {
            Operator operator = session.operator();
            ResourceDef resource = moderation.authorize(operator, Operation.CREATE, key);
            long auditId = auditId(JsonBodies.object(contentType, body));
            JsonObject created = history.restore(resource, auditId, operator);
            audit.restored(operator, resource, created, auditId);
            JsonObject row = visible(resource, created);
            return Response.created(uri.getBaseUriBuilder()
                            .path(key)
                            .segment(row.getString("_id"))
                            .build())
                    .entity(row)
                    .header(HttpHeaders.ETAG, ETags.of(row))
                    .build();
        }
    }
}
