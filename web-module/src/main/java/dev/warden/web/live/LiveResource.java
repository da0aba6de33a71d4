package dev.warden.web.live;

import dev.warden.auth.Operator;
import dev.warden.panel.live.LiveEvents;
import dev.warden.web.auth.AdminSession;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;

/**
 * {@code GET /admin-api/:resource/_events} (docs/security.md): a Server-Sent Events stream of the
 * resource's {@code created}, {@code updated} and {@code deleted} events, written by any node, for a caller who may
 * list the resource (403 otherwise, 404 unknown key, before the stream starts). Each event is
 * {@code id: <event id>}, {@code event: <action>}, {@code data: {"resource", "id": <row _id>}}: ids, never rows (the
 * client reads rows through the ordinary routes, which apply row and column permissions). {@code Last-Event-ID}
 * replays the events after it (a log of about 10 minutes). A comment line every 25 s keeps proxies from closing an
 * idle stream; the stream ends when its session does; 429 beyond the per-operator cap.
 *
 * <p>A root class with its exact path, so that {@code PanelResource}'s {@code {resource}/{id}} does not take it.
 */
@Path("{resource}/_events")
@RequestScoped
public class LiveResource {

    @EJB
    LiveEvents events;

    @Inject
    AdminSession session;

    @Inject
    LiveStreams streams;

    /** See {@link LiveResource}. */
    @GET
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void events(
            @PathParam("resource") String key,
            @HeaderParam("Last-Event-ID") String lastEventId,
            @Context SseEventSink sink,
            @Context Sse sse) {
        Operator operator = session.operator();
        String resource = events.streamable(operator, key);
        streams.open(operator, resource, sink, sse, LiveStreams.lastEventId(lastEventId));
    }
}
