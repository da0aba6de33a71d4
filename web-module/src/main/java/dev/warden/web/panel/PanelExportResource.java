package dev.warden.web.panel;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.crud.ListQuery;
import dev.warden.panel.export.ExportFormat;
import dev.warden.panel.export.ResourceExport;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.policy.Moderation;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.web.auth.AdminSession;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code GET /admin-api/:resource/_export?format=csv|ndjson}: every row the list would match
 * with the same filter, search and sort parameters ({@code _start}/{@code _end} are ignored), streamed as it is
 * read from the database ({@link ResourceExport}).
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
    Moderation moderation;

    @EJB
    ResourceExport export;

    @Inject
    AdminSession session;

    @Inject
    PanelAudit audit;

    @Context
    UriInfo uri;

    /** See {@link PanelExportResource}. */
    @GET
    public Response export(@PathParam("resource") String key, @QueryParam("format") String format) {
        Operator operator = session.operator();
        ResourceDef resource = moderation.authorize(operator, Operation.LIST, key);
        ExportFormat chosen = ExportFormat.parse(format);
        MultivaluedMap<String, String> params = uri.getQueryParameters();
        ListQuery query = ResourceExport.query(params, resource);
        StreamingOutput body = out -> {
            AtomicLong rows = new AtomicLong();
            boolean complete = false;
            try {
                export.export(resource, query, chosen, out, rows);
                complete = true;
            } finally {
                audit.record(new AuditRecord(
                        operator.userId(),
                        "export",
                        resource.key(),
                        null,
                        payload(chosen, params, rows.get(), complete)));
            }
        };
        return Response.ok(body, chosen.mediaType())
                .header(
                        "Content-Disposition",
                        "attachment; filename=\"" + resource.key() + "." + chosen.wireName() + "\"")
                .header("Cache-Control", "no-store")
                .build();
    }

    private static jakarta.json.JsonObject payload(
            ExportFormat format, Map<String, List<String>> params, long rows, boolean complete) {
        JsonObjectBuilder filters = JSON.createObjectBuilder();
        params.forEach((name, values) -> {
            if (!name.equals("format")) {
                JsonArrayBuilder list = JSON.createArrayBuilder();
                values.forEach(list::add);
                filters.add(name, list);
            }
        });
        return JSON.createObjectBuilder()
                .add("format", format.wireName())
                .add("params", filters)
                .add("rows", rows)
                .add("complete", complete)
                .build();
    }
}
