package dev.warden.web.panel;

import dev.warden.panel.crud.ETags;
import dev.warden.panel.history.RowHistory;
import dev.warden.panel.history.RowHistoryService;
import dev.warden.web.JsonBodies;
import dev.warden.web.auth.AdminSession;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
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

/**
 * A row's history and its revert (docs/security.md): {@code GET /admin-api/:resource/:id/_history},
 * {@code POST /admin-api/:resource/:id/_revert {audit_id}} and {@code POST /admin-api/:resource/_restore {audit_id}}.
 * Thin: each route calls one method of {@link RowHistoryService}, which authorises, does the work and records a
 * revert as an ordinary {@code update} (a restore as a {@code create}) whose payload also names
 * {@code reverted_from}, once it committed.
 *
 * <p>One small root class per route with its exact path (see {@link UserModerationResource}): their literal
 * segments make JAX-RS choose them before {@link PanelResource}'s {@code {resource}/{id}}.
 */
public abstract class RowHistoryResource {

    @EJB
    RowHistoryService history;

    @Inject
    AdminSession session;

    @Context
    UriInfo uri;

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
            RowHistory.Page page = history.history(session.operator(), key, id, uri.getQueryParameters());
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
            JsonObject row = history.revert(session.operator(), key, id, () -> JsonBodies.object(contentType, body));
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
            JsonObject row = history.restore(session.operator(), key, () -> JsonBodies.object(contentType, body));
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
