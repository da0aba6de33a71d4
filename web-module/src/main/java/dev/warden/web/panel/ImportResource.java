package dev.warden.web.panel;

import dev.warden.panel.jobs.Imports;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;

/**
 * {@code POST /admin-api/:resource/_import?format=csv|ndjson&mode=insert|upsert&dry_run=true|false} (docs/admin-api.md,
 * "Import"): the body is the file, streamed to {@link Imports#submit} (the request guard does not buffer it). A dry
 * run answers 200 {@code {matched, preview, errors}}; a run 202 {@code {id, status}} with {@code Location}.
 */
@Path("{resource}/_import")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class ImportResource extends JobsResource.SubmitRoute {

    @EJB
    Imports imports;

    /** See {@link ImportResource}. */
    @POST
    @Consumes(MediaType.WILDCARD)
    public Response submit(
            @PathParam("resource") String key,
            @QueryParam("format") String format,
            @QueryParam("mode") String mode,
            @QueryParam("dry_run") String dryRun,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            InputStream body) {
        Imports.Request request = new Imports.Request(format, mode, "true".equals(dryRun), contentType);
        return answer(imports.submit(session.operator(), key, request, body).orThrow());
    }
}
