package dev.warden.simulator;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The demo's simulated players: bots that sign in to Warden's game API, open real WebSockets to
 * the {@code lobby} room type, and chat and toggle their ready flag every few seconds, so an operator sees live rooms
 * at once. Each group of bots starts a room of its own ({@code ?create=true}); when its room is disposed of, the
 * group starts a new one at the next tick. A bot that was kicked or banned stays out.
 *
 * <p>Config: {@code simulator.room-bots.rooms} (default 0: off; {@code ./run.sh} sets 3 with the demo),
 * {@code simulator.room-bots.per-room} (default 4), {@code simulator.warden-url} (as {@link Reporter}). Bots are
 * the users {@code bot-<room>-<n>@bots.warden.invalid} (password {@value #PASSWORD}), registered on first use.
 */
@Singleton
@Startup
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class RoomBots {

    private static final Logger LOG = Logger.getLogger(RoomBots.class.getName());
    static final String PASSWORD = "demo bot password";
    private static final String[] LINES = {
        "gg",
        "ready?",
        "one more round",
        "brb",
        "nice one",
        "who's hosting?",
        "lag again...",
        "let's go",
        "wp",
        "rematch?"
    };

    @Resource
    TimerService timers;

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1) // see RoomsTool
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final List<List<Bot>> groups = new ArrayList<>();
    private String wardenUrl;
    private volatile long lastWarning;

    /** One bot: its account, token and socket. */
    private static final class Bot {
        final String email;
        final String name;
        String token;
        volatile WebSocket socket;
        volatile boolean open;

        Bot(int room, int n) {
            email = "bot-" + room + "-" + n + "@bots.warden.invalid";
            name = "Bot " + (char) ('A' + room % 26) + (n + 1);
        }

        void closed(int code) {
            open = false;
            if (code == 4003) {
                token = null; // banned or revoked: sign in again next time
            }
        }
    }

    @PostConstruct
    void start() {
        Config config = ConfigProvider.getConfig();
        int rooms = config.getOptionalValue("simulator.room-bots.rooms", Integer.class)
                .orElse(0);
        int perRoom = Math.max(
                1,
                config.getOptionalValue("simulator.room-bots.per-room", Integer.class)
                        .orElse(4));
        wardenUrl = config.getOptionalValue("simulator.warden-url", String.class)
                .or(() -> config.getOptionalValue("warden.public-url", String.class))
                .orElse("http://localhost:9080")
                .replaceAll("/+$", "");
        for (int r = 0; r < rooms; r++) {
            List<Bot> group = new ArrayList<>();
            for (int n = 0; n < perRoom; n++) {
                group.add(new Bot(r, n));
            }
            groups.add(group);
        }
        if (rooms > 0) {
            timers.createIntervalTimer(5_000, 3_000, new TimerConfig("room-bots", false));
            LOG.info(() -> "Room bots: " + rooms + " lobby rooms of " + perRoom + " bots on " + wardenUrl);
        }
    }

    @PreDestroy
    void stop() {
        for (List<Bot> group : groups) {
            for (Bot bot : group) {
                WebSocket ws = bot.socket;
                if (ws != null) {
                    ws.abort();
                }
            }
        }
    }

    @Timeout
    void tick() {
        try {
            for (List<Bot> group : groups) {
                tick(group);
            }
        } catch (Exception e) {
            if (System.currentTimeMillis() - lastWarning > 60_000) {
                lastWarning = System.currentTimeMillis();
                LOG.warning("Room bots: " + e); // Warden not up yet, or the game API refused
            }
        }
    }

    private void tick(List<Bot> group) throws Exception {
        List<Bot> inRoom = group.stream().filter(b -> b.open).toList();
        if (inRoom.isEmpty()) {
            // the room is gone (or never was): a new room for the group
            Bot first = null;
            String room = null;
            for (Bot bot : group) {
                if (first == null) {
                    first = bot;
                    room = connect(bot, "lobby?create=true");
                } else {
                    connect(bot, "lobby/" + room);
                }
            }
            return;
        }
        ThreadLocalRandom random = ThreadLocalRandom.current();
        Bot bot = inRoom.get(random.nextInt(inRoom.size()));
        if (random.nextInt(3) == 0) {
            send(bot, "ready", "{\"ready\":" + random.nextBoolean() + "}");
        } else {
            send(bot, "chat", "{\"text\":\"" + LINES[random.nextInt(LINES.length)] + "\"}");
        }
    }

    private static void send(Bot bot, String type, String data) {
        WebSocket ws = bot.socket;
        if (ws != null && bot.open) {
            ws.sendText("{\"t\":\"msg\",\"type\":\"" + type + "\",\"data\":" + data + "}", true);
        }
    }

    /** Signs the bot in (registering it the first time), opens its socket, and answers its room's id. */
    private String connect(Bot bot, String path) throws Exception {
        if (bot.token == null) {
            bot.token = signIn(bot);
        }
        Bot fresh = bot;
        URI uri = URI.create(wardenUrl.replaceFirst("^http", "ws") + "/game-api/v1/rooms/" + path);
        CompletableFuture<String> room = new CompletableFuture<>();
        WebSocket ws = http.newWebSocketBuilder()
                .subprotocols("warden", "access_token." + bot.token)
                .buildAsync(uri, new WebSocket.Listener() {
                    private final StringBuilder partial = new StringBuilder();

                    @Override
                    public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                        partial.append(data);
                        if (last) {
                            String frame = partial.toString();
                            partial.setLength(0);
                            if (!room.isDone() && frame.contains("\"t\":\"state\"")) {
                                try (JsonReader r = Json.createReader(new StringReader(frame))) {
                                    room.complete(r.readObject().getString("room_id"));
                                }
                            }
                        }
                        w.request(1);
                        return null;
                    }

                    @Override
                    public CompletionStage<?> onClose(WebSocket w, int code, String reason) {
                        room.completeExceptionally(new IllegalStateException("closed " + code + " " + reason));
                        fresh.closed(code);
                        return null;
                    }

                    @Override
                    public void onError(WebSocket w, Throwable error) {
                        room.completeExceptionally(error);
                        fresh.closed(-1);
                    }
                })
                .get(10, TimeUnit.SECONDS);
        bot.socket = ws;
        bot.open = true;
        return room.get(10, TimeUnit.SECONDS);
    }

    private String signIn(Bot bot) throws Exception {
        String body = Json.createObjectBuilder()
                .add("email", bot.email)
                .add("password", PASSWORD)
                .add("display_name", bot.name)
                .build()
                .toString();
        HttpResponse<String> login = post("/game-api/v1/auth/login", body);
        if (login.statusCode() == 401) {
            login = post("/game-api/v1/auth/register", body);
        }
        if (login.statusCode() != 200 && login.statusCode() != 201) {
            throw new IllegalStateException("bot sign-in answered " + login.statusCode());
        }
        try (JsonReader r = Json.createReader(new StringReader(login.body()))) {
            JsonObject json = r.readObject();
            return json.getString("token");
        }
    }

    private HttpResponse<String> post(String path, String json) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(wardenUrl + path))
                        .timeout(Duration.ofSeconds(10))
                        .header("Content-Type", "application/json")
                        .header("User-Agent", "warden-simulator room bot")
                        .POST(HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
