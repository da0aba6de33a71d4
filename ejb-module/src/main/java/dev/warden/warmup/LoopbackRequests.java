package dev.warden.warmup;

import dev.warden.common.Hashing;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.logging.Logger;

/**
 * The warm-up's HTTP requests to this node over loopback ({@code http://localhost:<port>}): requests every route's
 * stack runs (HTTP channel, servlet filters, JAX-RS routing, the session or token check, the error mapping and its
 * JSON body), made with credentials that do not exist, so each ends in a 401 and changes nothing. Not thread-safe:
 * one warm-up thread. A refused connection is retried every {@link #RETRY_MILLIS} ms: Open Liberty opens its HTTP port
 * only once every application has started, so the warm-up's first rounds run before it listens (a fresh-clone
 * {@code run.sh} warmed in-process only because of that). Any other failure (a timeout, a server bound to another
 * address) is said once and ends the requests over HTTP.
 */
final class LoopbackRequests {

    private static final Logger LOG = Logger.getLogger(LoopbackRequests.class.getName());

    /** How long to wait, after a refused connection, before the next request over loopback. */
    static final long RETRY_MILLIS = 250;

    private final HttpClient client = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(2))
            .version(HttpClient.Version.HTTP_1_1)
            .build();
    private final String base;
    private final String cookie = "warden_session=" + Hashing.randomToken(32);
    private final String bearer = "Bearer wdn_warmup_" + Hashing.randomToken(16);
    private int sent;
    private int unexpected;
    private int refusedConnections;
    private long retryAt;
    private String failure;

    /** Requests to {@code http://localhost:<port>}. */
    LoopbackRequests(int port) {
        this.base = "http://localhost:" + port;
    }

    /** {@code GET /admin-api/<key>} (first page) with an unknown session cookie: 401. */
    void refusedList(String key) {
        send(base + "/admin-api/" + key + "?_start=0&_end=25", "Cookie", cookie);
    }

    /** {@code GET /api/v1/applications} with an unknown bearer token: 401. */
    void refusedHostingRequest() {
        send(base + "/api/v1/applications", "Authorization", bearer);
    }

    /**
     * True once a request reached the node over loopback, or the requests over HTTP ended for good: from then on a
     * round does the same work every time (before, a round skips HTTP while the port is still closed).
     */
    boolean settled() {
        return sent > 0 || failure != null;
    }

    /** What was sent, for the warm-up's summary: empty when nothing was. */
    String summary() {
        if (failure != null) {
            return "; no HTTP warm-up (" + failure + ")";
        }
        if (sent == 0) {
            return refusedConnections == 0 ? "" : "; no HTTP warm-up (" + base + " refused every connection)";
        }
        return "; " + sent + " requests over HTTP" + (unexpected > 0 ? ", " + unexpected + " not 401" : "")
                + (refusedConnections > 0 ? " (" + refusedConnections + " refused before the port opened)" : "");
    }

    private void send(String url, String header, String value) {
        if (failure != null || (retryAt != 0 && System.nanoTime() - retryAt < 0)) {
            return;
        }
        try {
            HttpResponse<Void> answer = client.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(Duration.ofSeconds(5))
                            .header(header, value)
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
            sent++;
            if (answer.statusCode() != 401) {
                unexpected++;
            }
        } catch (ConnectException e) {
            // the port is not open yet: try again a little later
            refusedConnections++;
            retryAt = System.nanoTime() + RETRY_MILLIS * 1_000_000;
        } catch (IOException e) {
            failure = base + " did not answer: " + e.getMessage();
            LOG.info(() -> "Warm-up: " + failure + "; warming in-process only");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = "interrupted";
        }
    }
}
