package dev.warden.it.support;

import io.restassured.path.json.JsonPath;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A game client on a room socket with the JDK's WebSocket: collects text frames and the close code. */
public final class GameClient implements WebSocket.Listener {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private final BlockingQueue<String> frames = new LinkedBlockingQueue<>();
    private final CompletableFuture<Integer> closed = new CompletableFuture<>();
    private final StringBuilder partial = new StringBuilder();
    private WebSocket socket;

    /** Connects to {@code /game-api/v1/rooms/<path>} with the token in the subprotocol header. */
    public static GameClient connect(String path, String token) {
        GameClient client = new GameClient();
        URI uri = URI.create(Api.baseUrl().replaceFirst("^http", "ws") + "/game-api/v1/rooms/" + path);
        client.socket = HTTP.newWebSocketBuilder()
                .subprotocols("warden", "access_token." + token)
                .buildAsync(uri, client)
                .orTimeout(20, TimeUnit.SECONDS)
                .join();
        return client;
    }

    /**
     * An anonymous request from an address of its own ({@code X-Forwarded-For} in 10.0.0.0/8): where loopback is a
     * trusted proxy (RoomsIT), each player's requests stay out of the others' per-address limit; elsewhere the header
     * is ignored.
     */
    public static io.restassured.specification.RequestSpecification fromOwnAddress() {
        java.util.concurrent.ThreadLocalRandom r = java.util.concurrent.ThreadLocalRandom.current();
        return Api.anonymous()
                .header("X-Forwarded-For", "10." + r.nextInt(256) + "." + r.nextInt(256) + "." + (1 + r.nextInt(254)));
    }

    /** Registers a new player (from an address of its own, {@link #fromOwnAddress}) and returns its token. */
    public static String register(String name) {
        String email = name + "-" + TestDb.unique() + "@example.com";
        return fromOwnAddress()
                .contentType("application/json")
                .body(java.util.Map.of("email", email, "password", "player password", "display_name", name))
                .post("/game-api/v1/auth/register")
                .then()
                .statusCode(201)
                .extract()
                .path("token");
    }

    /** How long {@link #next()} and {@link #closeCode()} wait: a bound a loaded 2-core machine meets. */
    private static final int WAIT_SECONDS = 30;

    /** The next frame (fails after 30 s). */
    public JsonPath next() throws InterruptedException {
        String frame = frames.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        if (frame == null) {
            throw new AssertionError("no frame within " + WAIT_SECONDS + " s");
        }
        return JsonPath.from(frame);
    }

    /** The next frame whose {@code t} is {@code type}, skipping others. */
    public JsonPath next(String type) throws InterruptedException {
        while (true) {
            JsonPath frame = next();
            if (type.equals(frame.getString("t"))) {
                return frame;
            }
        }
    }

    /** The close code (fails after 30 s). */
    public int closeCode() throws Exception {
        return closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** The close code when closed within {@code ms}, else null. */
    public Integer closeCodeWithin(long ms) throws Exception {
        try {
            return closed.get(ms, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            return null;
        }
    }

    /**
     * Whether the server spoke first: true when a frame arrives before the connection closes (a seated client's
     * {@code state}), false when it closes first (a refused join); fails after 30 s with neither.
     */
    public boolean framedBeforeClose() throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (System.nanoTime() < end) {
            if (!frames.isEmpty()) {
                return true;
            }
            if (closed.isDone()) {
                return false;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("neither a frame nor a close within " + WAIT_SECONDS + " s");
    }

    /** Sends {@code {"t":"msg","type":type,"data":dataJson}}. */
    public void send(String type, String dataJson) {
        socket.sendText("{\"t\":\"msg\",\"type\":\"" + type + "\",\"data\":" + dataJson + "}", true)
                .join();
    }

    /** Drops the connection without a close handshake (the server sees 1006). */
    public void drop() {
        socket.abort();
    }

    /** Closes with 1000 (leaves). */
    public void leave() {
        socket.sendClose(1000, "bye").join();
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
            frames.add(partial.toString());
            partial.setLength(0);
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        closed.complete(statusCode);
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        closed.complete(-1);
    }
}
