package dev.warden.web.panel;

import dev.warden.panel.jobs.JobReverts;
import dev.warden.panel.jobs.Jobs;
import dev.warden.web.JsonBodies;
import dev.warden.web.auth.AdminSession;
import dev.warden.web.live.LiveStreams;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;

/**
 * The jobs routes (docs/admin-api.md, "Jobs"): each parses the request, calls one method of {@link Jobs} (which
 * authorises, does the work and records it) and maps the answer. Root classes of their own with more literal
 * characters than {@link PanelResource}'s {@code ""}, as {@link PanelExportResource}.
 */
public final class JobsResource {

    private JobsResource() {}

    /**
     * What the routes that submit a job share: the operator's session, the base URI, and the answer of a submission
     * ({@link #answer}).
     */
    abstract static class SubmitRoute {

        @Inject
        AdminSession session;

        @Context
        UriInfo uri;

        /** 200 with a dry run's report, else 202 with the queued job and {@code Location: /admin-api/_jobs/<id>}. */
        Response answer(Jobs.Submitted submitted) {
            if (submitted.dryRun()) {
                return Response.ok(submitted.body()).build();
            }
            return Response.accepted(submitted.body())
                    .location(uri.getBaseUriBuilder()
                            .path("_jobs")
                            .segment(String.valueOf(submitted.jobId()))
                            .build())
                    .build();
        }
    }

    /**
     * {@code POST /admin-api/:resource/_jobs}: a dry run answers 200 {@code {matched, preview}}; a run answers 202
     * {@code {id, status: "queued"}} with {@code Location: /admin-api/_jobs/<id>}; 400 bad JSON; 401 a run while
     * step-up is due; 403 by rule, column or action role; 404 unknown resource or action; 409 a job of the resource is
     * queued or running; 422 bad kind, filter, set or action, or too many rows; 429 the node's job slots are all in
     * use.
     */
    @Path("{resource}/_jobs")
    @RequestScoped
    @Produces(MediaType.APPLICATION_JSON)
    public static class Submit extends SubmitRoute {

        @EJB
        Jobs jobs;

        /** See {@link Submit}. */
        @POST
        @Consumes(MediaType.WILDCARD)
        public Response submit(
                @PathParam("resource") String key,
                @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                String body) {
            JsonObject json = JsonBodies.object(contentType, body);
            return answer(jobs.submit(session.operator(), key, json));
        }
    }

    /**
     * {@code GET /admin-api/_jobs} (200, the newest jobs: all for an admin, else the caller's),
     * {@code GET /admin-api/_jobs/:id} (200 the job with its first error rows; 404 unknown or another operator's),
     * {@code POST /admin-api/_jobs/:id/cancel} (202 the job; 404 as read; 409 already ended),
     * {@code POST /admin-api/_jobs/:id/revert?dry_run=&force=} (a dry run 200 {@code {matched, conflicted, conflicts}};
     * a run 202 the queued revert job with {@code Location}; 401 a run while step-up is due; 403 an operation the
     * revert needs; 404 as read; 409 not ended, a job of the resource running, or rows changed since (named in
     * {@code fields}) without {@code force}; 422 not revertible; 429 no job slot).
     */
    @Path("_jobs")
    @RequestScoped
    @Produces(MediaType.APPLICATION_JSON)
    public static class All extends SubmitRoute {

        @EJB
        Jobs jobs;

        @EJB
        JobReverts reverts;

        /** See {@link All}. */
        @GET
        public JsonArray list() {
            return jobs.list(session.operator());
        }

        /** See {@link All}. */
        @GET
        @Path("{id}")
        public JsonObject read(@PathParam("id") String id) {
            return jobs.read(session.operator(), id);
        }

        /** See {@link All}. */
        @POST
        @Path("{id}/cancel")
        public Response cancel(@PathParam("id") String id) {
            return Response.accepted(jobs.cancel(session.operator(), id)).build();
        }

        /** See {@link All}. */
        @POST
        @Path("{id}/revert")
        public Response revert(
                @PathParam("id") String id, @QueryParam("dry_run") String dryRun, @QueryParam("force") String force) {
            return answer(reverts.revert(session.operator(), id, "true".equals(dryRun), "true".equals(force)));
        }
    }

    /**
     * {@code GET /admin-api/_jobs/_events}: a Server-Sent Events stream of {@code updated} events with a job's id
     * whenever a job starts, ends or finishes a chunk (the live lists' stream, docs/decisions/live-lists.md);
     * {@code Last-Event-ID} replays. Any signed-in panel identity.
     */
    @Path("_jobs/_events")
    @RequestScoped
    public static class Events {

        @EJB
        Jobs jobs;

        @Inject
        AdminSession session;

        @Inject
        LiveStreams streams;

        /** See {@link Events}. */
        @GET
        @Produces(MediaType.SERVER_SENT_EVENTS)
        public void events(
                @HeaderParam("Last-Event-ID") String lastEventId, @Context SseEventSink sink, @Context Sse sse) {
            var operator = session.operator();
            streams.open(operator, jobs.streamable(operator), sink, sse, LiveStreams.lastEventId(lastEventId));
        }
    }
}
