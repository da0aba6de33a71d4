package dev.warden.web.live;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.panel.live.LiveEvent;
import dev.warden.panel.live.LiveEvents;
import dev.warden.panel.live.LiveListener;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The open live-list streams of this node: each is one SSE connection of one operator session
 * on one resource. Events from {@link LiveListener} (every node's writes) go to the streams of their resource;
 * every 5 s the streams whose session ended (sign-out, expiry, revocation, ban) or whose operator may no longer list
 * the resource (role rows deleted or changed, a policy; {@link LiveEvents#stillAllowed}) are closed, and a stream that sent
 * nothing for {@value #HEARTBEAT_SECONDS} s gets a heartbeat comment. An operator may hold at most
 * {@code warden.live.max-streams-per-operator} streams on this node (429 beyond).
 */
@ApplicationScoped
public class LiveStreams {

    /** Seconds of silence after which a stream gets a comment line. */
    public static final int HEARTBEAT_SECONDS = 25;
    /** The most events a resume replays. */
    public static final int MAX_REPLAY = 1000;

    private static final Logger LOG = Logger.getLogger(LiveStreams.class.getName());

    @EJB
    LiveListener listener;

    @EJB
    LiveEvents events;

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    @ConfigProperty(name = "warden.live.max-streams-per-operator", defaultValue = "4")
    int maxPerOperator;

    /** One open stream. Sends are serialised on the stream. */
    static final class Stream {
        final Operator operator;
        final String resource;
        final SseEventSink sink;
        final Sse sse;
        /** Ids recently sent (event ids are not in commit order across nodes, so no "highest id" rule). */
        final java.util.LinkedHashSet<Long> sent = new java.util.LinkedHashSet<>();

        long lastSentMillis = System.currentTimeMillis();

        Stream(Operator operator, String resource, SseEventSink sink, Sse sse) {
            this.operator = operator;
            this.resource = resource;
            this.sink = sink;
            this.sse = sse;
        }

        synchronized boolean send(LiveEvent event) {
            if (!sent.add(event.id())) {
                return !sink.isClosed();
            }
            if (sent.size() > 2 * MAX_REPLAY) {
                sent.remove(sent.iterator().next());
            }
            OutboundSseEvent out = sse.newEventBuilder()
                    .id(Long.toString(event.id()))
                    .name(event.action())
                    .mediaType(MediaType.APPLICATION_JSON_TYPE)
                    .data(
                            String.class,
                            JSON.createObjectBuilder()
                                    .add("resource", event.resource())
                                    .add("id", event.rowId())
                                    .build()
                                    .toString())
                    .build();
            return emit(out);
        }

        /** Who holds the stream, as {@link LiveEvents#stillAllowed} checks it. */
        LiveEvents.Holder holder() {
            return new LiveEvents.Holder(operator.sessionId(), operator.userId(), resource);
        }

        synchronized boolean heartbeat(long now) {
            if (now - lastSentMillis < HEARTBEAT_SECONDS * 1000L) {
                return !sink.isClosed();
            }
            return emit(sse.newEventBuilder().comment("heartbeat").build());
        }

        /** Set once a send failed (the client went away): the stream is dropped at the next event or check. */
        volatile boolean broken;

        private boolean emit(OutboundSseEvent out) {
            if (broken || sink.isClosed()) {
                return false;
            }
            lastSentMillis = System.currentTimeMillis();
            try {
                sink.send(out).whenComplete((done, failure) -> {
                    if (failure != null) {
                        broken = true;
                    }
                });
                return true;
            } catch (IllegalStateException e) {
                return false;
            }
        }

        void close() {
            try {
                sink.close();
            } catch (RuntimeException e) {
                LOG.log(Level.FINE, "Closing a live stream", e);
            }
        }
    }

    private final Set<Stream> streams = ConcurrentHashMap.newKeySet();
    private final Consumer<LiveEvent> subscriber = this::deliver;
    private ScheduledFuture<?> ticks;

    @PostConstruct
    void start() {
        listener.subscribe(subscriber);
        ticks = scheduler.scheduleWithFixedDelay(this::tick, 5, 5, TimeUnit.SECONDS);
    }

    @PreDestroy
    void stop() {
        try {
            listener.unsubscribe(subscriber);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "The live listener is gone already (undeploy)", e);
        }
        if (ticks != null) {
            ticks.cancel(false);
        }
        streams.forEach(Stream::close);
        streams.clear();
    }

    /**
     * Opens a stream of {@code resource} for {@code operator} (who may list it: the caller checked), first replaying
     * the resource's events after {@code lastEventId} (up to {@value #MAX_REPLAY}; null: none).
     *
     * @throws ApiException 429 {@code rate_limited} when the operator holds the most streams already
     */
    public void open(Operator operator, String resource, SseEventSink sink, Sse sse, Long lastEventId) {
        long mine = streams.stream()
                .filter(s -> s.operator.userId() == operator.userId())
                .count();
        if (mine >= maxPerOperator) {
            throw new ApiException(
                    ErrorCode.RATE_LIMITED,
                    "At most " + maxPerOperator + " live streams per operator; close one first",
                    Map.of(),
                    Map.of("Retry-After", "5"));
        }
        Stream stream = new Stream(operator, resource, sink, sse);
        synchronized (stream) {
            streams.add(stream);
            stream.emit(sse.newEventBuilder()
                    .comment("connected")
                    .reconnectDelay(2000)
                    .build());
            if (lastEventId != null) {
                for (LiveEvent event : events.since(resource, lastEventId, MAX_REPLAY)) {
                    stream.send(event);
                }
            }
        }
    }

    /** How many streams are open on this node. */
    public int open() {
        return streams.size();
    }

    void deliver(LiveEvent event) {
        for (Stream stream : streams) {
            if (stream.resource.equals(event.resource()) && !stream.send(event)) {
                streams.remove(stream);
            }
        }
    }

    void tick() {
        try {
            long now = System.currentTimeMillis();
            List<Stream> all = List.copyOf(streams);
            if (all.isEmpty()) {
                return;
            }
            Set<LiveEvents.Holder> allowed =
                    events.stillAllowed(all.stream().map(Stream::holder).collect(Collectors.toSet()));
            for (Stream stream : all) {
                if (!allowed.contains(stream.holder()) || !stream.heartbeat(now)) {
                    streams.remove(stream);
                    stream.close();
                }
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Live streams' check failed: " + e, e);
        }
    }

    /** The {@code Last-Event-ID} header as an event id; null when absent or from elsewhere (no replay). */
    public static Long lastEventId(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        try {
            return Long.parseLong(header.strip());
        } catch (NumberFormatException e) {
            return null; // a stream started elsewhere: no replay
        }
    }
}
