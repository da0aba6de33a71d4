package dev.warden.panel.export;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.audit.AuditTrail;
import dev.warden.panel.crud.ListQuery;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.policy.Moderation;
import dev.warden.panel.registry.ResourceDef;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The export use case ({@code GET /admin-api/:resource/_export}; docs/decisions/export-by-server-side-cursor.md;
 * docs/architecture.md, "Requirements: Layout" rule 4): {@link #open} authorises {@code list} on the resource
 * ({@link Moderation}: policy, role rule, mod scope; 403, 404 for an unknown key), checks the format and the list
 * parameters (422), and answers a {@link Download} whose body streams every matching row through
 * {@link ResourceExport} and then records {@code export {format, params, rows, complete}} through {@link AuditTrail}
 * (also when the client went away half-way: {@code complete} false).
 */
@Stateless
public class ExportService {

    @EJB
    Moderation moderation;

    @EJB
    ResourceExport export;

    @Inject
    AuditTrail trail;

    /** Writes an export's rows to the response; called once, after the answer's headers. */
    @FunctionalInterface
    public interface Body {
        /**
         * Writes every row to {@code out} (not closed), then records the export.
         *
         * @throws IOException when writing fails (the client went away); the export is recorded as incomplete
         */
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * An authorised export, ready to stream.
     *
     * @param fileName  {@code <resource key>.<format>}, for {@code Content-Disposition}
     * @param mediaType {@code text/csv} or {@code application/x-ndjson}
     * @param body      the rows
     */
    public record Download(String fileName, String mediaType, Body body) {}

    /**
     * Authorises and prepares the export of the resource {@code key}.
     *
     * @param format the {@code format} parameter ({@code csv} or {@code ndjson})
     * @param params the request's query parameters (the list's filters, search and sort; window ignored)
     * @throws dev.warden.common.ApiException 403 by rule; 404 unknown key; 422 bad format, filter or sort
     */
    public Download open(Operator operator, String key, String format, Map<String, List<String>> params) {
        ResourceDef resource = moderation.authorize(operator, Operation.LIST, key);
        ExportFormat chosen = ExportFormat.parse(format);
        ListQuery query = ResourceExport.query(params, resource);
        // the body runs after this call returned, when the pooled instance may serve another: it keeps its own refs
        ResourceExport exporter = export;
        AuditTrail audit = trail;
        Body body = out -> {
            AtomicLong rows = new AtomicLong();
            boolean complete = false;
            try {
                exporter.export(resource, query, chosen, out, rows);
                complete = true;
            } finally {
                audit.afterCommit(new AuditRecord(
                        operator.userId(),
                        "export",
                        resource.key(),
                        null,
                        payload(chosen, params, rows.get(), complete)));
            }
        };
        return new Download(resource.key() + "." + chosen.wireName(), chosen.mediaType(), body);
    }

    private static JsonObject payload(
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
