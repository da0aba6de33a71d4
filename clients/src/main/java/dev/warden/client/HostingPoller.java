package dev.warden.client;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Polls one hosting API endpoint by the requirements' client polling rule ({@link PollingRule}; docs/hosting-api.md, "Requirements: Limits" rule 8):
 * after a success it waits at least {@code Cache-Control: max-age}, after a 429 or 5xx (JSON or the
 * proxy's plain text) at least {@code Retry-After}, never less than 5 s, with fallbacks of 60 s after success and
 * 30 s after failure; any other status stops it (not retried).
 *
 * <p>The wait runs from when the answer arrived, so time spent handling it counts. Use {@link #run} for a blocking
 * loop, or {@link #poll} and {@link #nextRequestAt} to schedule requests yourself. The request is anything that
 * yields a {@link Reply}: the {@link HostingApi} REST client ({@link #restClient}), {@code java.net.http}
 * ({@link #http}), or a generated client's {@code *WithHttpInfo} call. Clock and sleep are injectable for tests.
 *
 * <pre>{@code
 * HostingApi api = HostingApi.create(URI.create("https://warden.example.com"), token);
 * HostingPoller poller = HostingPoller.of(HostingPoller.restClient(() -> api.currentMetrics("arena")));
 * poller.run(poll -> {
 *     if (poll.decision().kind() == PollingRule.Kind.SUCCESS) show(poll.reply().body());
 * });   // returns when a status is not retried (e.g. 401 after the token was revoked) or after close()
 * }</pre>
 */
public final class HostingPoller implements AutoCloseable {

    /** One request to the API. An exception means no HTTP answer (connection refused, timed out, ...). */
    @FunctionalInterface
    public interface Request {
        /** Sends the request and returns its answer. */
        Reply send() throws Exception;
    }

    /** Waits; {@code Thread::sleep} in production, a fake that advances a fake clock in tests. */
    @FunctionalInterface
    public interface Sleeper {
        /** Waits for {@code duration} (positive). */
        void sleep(Duration duration) throws InterruptedException;
    }

    /**
     * One request's outcome.
     *
     * @param reply    the answer, or null when the request got none ({@code failure} then says why)
     * @param failure  the exception of a request that got no answer, else null
     * @param decision what the polling rule says about it
     * @param at       when the answer (or failure) came
     * @param next     the earliest time for the next request; null when the rule says stop
     */
    public record Poll(Reply reply, Exception failure, PollingRule.Decision decision, Instant at, Instant next) {}

    private final Request request;
    private final Clock clock;
    private final Sleeper sleeper;
    private volatile boolean closed;
    private Instant notBefore;
    private Poll stoppedBy;

    private HostingPoller(Request request, Clock clock, Sleeper sleeper) {
        this.request = Objects.requireNonNull(request, "request");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    }

    /** A poller on the system clock that sleeps with {@link Thread#sleep}. */
    public static HostingPoller of(Request request) {
        return new HostingPoller(request, Clock.systemUTC(), d -> Thread.sleep(d.toMillis()));
    }

    /** A poller with its own clock and sleeper (tests, or an event loop's timer). */
    public static HostingPoller of(Request request, Clock clock, Sleeper sleeper) {
        return new HostingPoller(request, clock, sleeper);
    }

    /**
     * A request through a JAX-RS or MicroProfile REST client call such as {@code () -> api.currentMetrics("arena")}.
     * The error response inside a {@link WebApplicationException} (the REST client's default mapping of statuses
     * of 400 and more) is read as the reply; a {@code ProcessingException} (no answer) is a transport failure.
     */
    public static Request restClient(Supplier<Response> call) {
        Objects.requireNonNull(call, "call");
        return () -> {
            try (Response response = call.get()) {
                return Reply.of(response);
            } catch (WebApplicationException e) {
                try (Response error = e.getResponse()) {
                    return Reply.of(error);
                }
            }
        };
    }

    /**
     * A GET of {@code uri} with {@code Authorization: Bearer <token>} through {@code java.net.http}, for callers
     * without a REST client implementation. {@code token} may be null (no header).
     */
    public static Request http(HttpClient client, URI uri, String token) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(uri, "uri");
        return () -> {
            HttpRequest.Builder get = HttpRequest.newBuilder(uri).GET().timeout(Duration.ofSeconds(30));
            if (token != null) {
                get.header("Authorization", "Bearer " + token);
            }
            return Reply.of(client.send(get.build(), HttpResponse.BodyHandlers.ofString()));
        };
    }

    /**
     * Waits until the rule allows the next request, sends it and decides.
     *
     * @throws IllegalStateException when an earlier answer's status is not retried (see {@link #reset})
     * @throws InterruptedException  when interrupted while waiting or sending
     */
    public Poll poll() throws InterruptedException {
        if (stoppedBy != null) {
            throw new IllegalStateException(
                    "Not retried after status " + stoppedBy.reply().status()
                            + " (docs/hosting-api.md, \"Requirements: Limits\": other errors are not retried); call reset() to go on");
        }
        Instant next = notBefore;
        if (next != null) {
            Duration wait = Duration.between(clock.instant(), next);
            if (!wait.isNegative() && !wait.isZero()) {
                sleeper.sleep(wait);
            }
        }
        Reply reply = null;
        Exception failure = null;
        PollingRule.Decision decision;
        try {
            reply = request.send();
            decision = PollingRule.after(reply.status(), reply.header("Cache-Control"), reply.header("Retry-After"));
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            failure = e;
            decision = PollingRule.afterTransportFailure();
        }
        Instant at = clock.instant();
        notBefore = decision.again() ? at.plus(decision.delay()) : null;
        Poll poll = new Poll(reply, failure, decision, at, notBefore);
        if (!decision.again()) {
            stoppedBy = poll;
        }
        return poll;
    }

    /**
     * Polls until an answer's status is not retried (that poll is returned), or until {@link #close()} (the last
     * poll is returned, null if none). {@code listener} sees every poll, successes and failures alike.
     */
    public Poll run(Consumer<Poll> listener) throws InterruptedException {
        Poll last = null;
        while (!closed) {
            last = poll();
            listener.accept(last);
            if (!last.decision().again()) {
                break;
            }
        }
        return last;
    }

    /** The earliest time the next request may go: null before the first request and after a stop. */
    public Instant nextRequestAt() {
        return notBefore;
    }

    /** Allows polling again after a status that is not retried (e.g. once a new token is configured). */
    public void reset() {
        stoppedBy = null;
        notBefore = null;
    }

    /** Ends {@link #run} after the current poll. */
    @Override
    public void close() {
        closed = true;
    }
}
