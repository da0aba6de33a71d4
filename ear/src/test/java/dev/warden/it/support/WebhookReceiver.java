package dev.warden.it.support;

import com.standardwebhooks.Webhook;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A webhook receiver in the test JVM (docs/webhooks.md): an HTTP server on 127.0.0.1 recording every POST (path,
 * headers, body, arrival time) and answering the statuses scripted for its path (200 once the script ran out).
 * {@link #verify} checks a delivery with the Standard Webhooks reference library, as a studio's receiver would.
 */
public final class WebhookReceiver implements AutoCloseable {

    /** One received request. */
    public record Received(String path, HttpHeaders headers, String body, long atMillis) {}

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Map<String, Deque<Integer>> scripts = new ConcurrentHashMap<>();

    /** Starts a receiver on a free port of 127.0.0.1. */
    public WebhookReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String path = exchange.getRequestURI().getPath();
            received.add(new Received(
                    path,
                    HttpHeaders.of(exchange.getRequestHeaders(), (a, b) -> true),
                    new String(body, StandardCharsets.UTF_8),
                    System.currentTimeMillis()));
            Deque<Integer> script = scripts.get(path);
            Integer status;
            synchronized (this) {
                status = script == null ? null : script.poll();
            }
            byte[] answer = "ok".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status == null ? 200 : status, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.start();
    }

    /** The URL of {@code path} on this receiver. */
    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** Answers the next requests to {@code path} with {@code statuses}, in order. */
    public void script(String path, Integer... statuses) {
        scripts.put(path, new ArrayDeque<>(List.of(statuses)));
    }

    /** Every request to {@code path} so far, in arrival order. */
    public List<Received> at(String path) {
        List<Received> out = new ArrayList<>();
        for (Received r : received) {
            if (r.path().equals(path)) {
                out.add(r);
            }
        }
        return out;
    }

    /**
     * Verifies {@code r} with the Standard Webhooks library keyed with {@code secret} ({@code whsec_...}): headers
     * present, timestamp within its tolerance, one {@code v1} signature matching.
     *
     * @throws Exception the library's verification failure
     */
    public static void verify(Received r, String secret) throws Exception {
        new Webhook(secret).verify(r.body(), r.headers());
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
