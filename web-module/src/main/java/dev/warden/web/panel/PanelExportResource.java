package dev.warden.web.panel;

import dev.warden.panel.export.ExportService;
import dev.warden.web.auth.AdminSession;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;

/**
 * {@code GET /admin-api/:resource/_export?format=csv|ndjson}: every row the list would match
 * with the same filter, search and sort parameters ({@code _start}/{@code _end} are ignored), streamed as it is
 * read from the database. Thin: one call to {@link ExportService#open}, which authorises, checks the parameters and
 * answers the body that streams the rows and then records the export.
 *
 * <p>200 {@code text/csv} or {@code application/x-ndjson} with {@code Content-Disposition: attachment}; 403 when the
 * operator may not {@code list} the resource (policy, role rule, mod scope); 404 unknown key; 422 bad format, filter
 * or sort. Audited as {@code export {format, params, rows, complete}} once the stream ended (also when the client
 * went away half-way: {@code complete} is then false).
 *
 * <p>Its own root class: {@code {resource}/_export} has more literal characters than {@link PanelResource}'s
 * {@code ""}, so JAX-RS picks it for exactly this path and leaves {@code /admin-api/:resource/:id} alone.
 */
@Path("{resource}/_export")
@RequestScoped
public class PanelExportResource {

    @EJB
    ExportService exports;

    @Inject
    AdminSession session;

    @Context
    UriInfo uri;

    /** See {@link PanelExportResource}. */
    @GET
    public Response export(@PathParam("resource") String key, @QueryParam("format") String format) {
        ExportService.Download download = exports.open(session.operator(), key, format, uri.getQueryParameters());
        StreamingOutput body = out -> download.body().writeTo(out);
        return Response.ok(body, download.mediaType())
                .header("Content-Disposition", "attachment; filename=\"" + download.fileName() + "\"")
                .header("Cache-Control", "no-store")
                .build();
    }
}
