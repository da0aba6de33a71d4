package dev.warden.rooms;

import static dev.warden.common.JsonSupport.JSON;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The built-in room type {@code lobby} (docs/game-api.md): chat and a ready flag per player.
 *
 * <p>State: {@code {"players": {"<client_id>": {"user_id", "name", "ready"}}, "chat": [{"from", "text", "at"}]}}
 * (the last 50 lines). Messages: {@code chat {text}} (at most 500 characters) and {@code ready {ready: bool}};
 * anything else is ignored. Metadata (the operators' list shows and filters it): {@code {"mode": "chat", "ready": n}},
 * {@code n} the players whose flag is set. Max 64 clients, patches every 50 ms, reconnection grace 20 s (override with
 * {@code warden.rooms.lobby.*}).
 *
 * <p>Chat limit: when the game config row {@code chat.messages_per_minute} ({@code warden_configs}) holds a positive
 * number, each player's chat lines beyond it within a minute (a window from the player's first line) are dropped
 * and the player gets {@code msg} {@code chat_rate_limited {limit, retry_after_ms}} (docs/game-api.md, "Limits").
 * The row is read when a room is created and again at most every 10 s.
 */
@ApplicationScoped
public class LobbyRoom implements RoomType {

    /** Chat lines kept. */
    static final int CHAT_LINES = 50;
    /** The game config row that limits each player's chat lines per minute. */
    static final String CHAT_LIMIT_KEY = "chat.messages_per_minute";
    /** How long a room trusts the chat limit it read, in ms. */
    static final long CHAT_LIMIT_TTL_MS = 10_000;

    private static final Logger LOG = Logger.getLogger(LobbyRoom.class.getName());

    @EJB
    GameSettings settings;

    /** Each room's chat budget, by room id (used from that room's thread only). */
    private final Map<String, ChatBudget> budgets = new ConcurrentHashMap<>();

    /**
     * One room's chat limit and each player's window, by user id: {@code {window start ms, lines}} (kept for the
     * room's life, so leaving and joining again does not start a new window).
     */
    static final class ChatBudget {
        int limit;
        long readAt;
        final Map<Long, long[]> windows = new HashMap<>();
    }

    @Override
    public String name() {
        return "lobby";
    }

    @Override
    public void onCreate(RoomContext room) {
        budgets.put(room.id(), refreshed(new ChatBudget(), System.currentTimeMillis()));
        room.setState(JSON.createObjectBuilder()
                .add("players", JsonValue.EMPTY_JSON_OBJECT)
                .add("chat", JsonValue.EMPTY_JSON_ARRAY)
                .build());
        metadata(room);
    }

    /** Sets the metadata {@code {"mode": "chat", "ready": n}} from the state. */
    private static void metadata(RoomContext room) {
        long ready = room.state().get("players") instanceof JsonObject players
                ? players.values().stream()
                        .filter(p -> p instanceof JsonObject o && o.getBoolean("ready", false))
                        .count()
                : 0;
        room.setMetadata(JSON.createObjectBuilder()
                .add("mode", "chat")
                .add("ready", ready)
                .build());
    }

    @Override
    public void onJoin(RoomContext room, RoomClient client) {
        room.set(
                "/players/" + client.clientId(),
                JSON.createObjectBuilder()
                        .add("user_id", client.userId())
                        .add("name", client.displayName() == null ? "player " + client.userId() : client.displayName())
                        .add("ready", false)
                        .build());
    }

    @Override
    public void onMessage(RoomContext room, RoomClient client, String type, JsonValue data) {
        String player = "/players/" + client.clientId();
        if ("ready".equals(type) && data instanceof JsonObject body) {
            room.set(player + "/ready", body.getBoolean("ready", false) ? JsonValue.TRUE : JsonValue.FALSE);
            metadata(room);
        } else if ("chat".equals(type)
                && data instanceof JsonObject body
                && body.get("text") instanceof JsonString text) {
            if (!chatAllowed(room, client)) {
                return;
            }
            String line = text.getString().length() > 500 ? text.getString().substring(0, 500) : text.getString();
            var chat = JSON.createArrayBuilder(room.state().getJsonArray("chat"));
            chat.add(JSON.createObjectBuilder()
                    .add("from", client.clientId())
                    .add("text", line)
                    .add("at", Instant.now().toString()));
            var built = chat.build();
            room.set(
                    "/chat",
                    built.size() > CHAT_LINES
                            ? JSON.createArrayBuilder(built.subList(built.size() - CHAT_LINES, built.size()))
                                    .build()
                            : built);
        }
    }

    /** Counts one chat line of {@code client}; false (and a {@code chat_rate_limited} message) beyond the limit. */
    private boolean chatAllowed(RoomContext room, RoomClient client) {
        long now = System.currentTimeMillis();
        ChatBudget budget = budgets.computeIfAbsent(room.id(), id -> new ChatBudget());
        if (now - budget.readAt >= CHAT_LIMIT_TTL_MS) {
            refreshed(budget, now);
        }
        if (budget.limit <= 0) {
            return true;
        }
        long[] window = budget.windows.computeIfAbsent(client.userId(), id -> new long[] {now, 0});
        if (now - window[0] >= 60_000) {
            window[0] = now;
            window[1] = 0;
        }
        if (++window[1] <= budget.limit) {
            return true;
        }
        room.send(
                client.clientId(),
                "chat_rate_limited",
                JSON.createObjectBuilder()
                        .add("limit", budget.limit)
                        .add("retry_after_ms", Math.max(1, window[0] + 60_000 - now))
                        .build());
        return false;
    }

    private ChatBudget refreshed(ChatBudget budget, long now) {
        budget.readAt = now;
        try {
            OptionalInt limit = settings.integer(CHAT_LIMIT_KEY);
            budget.limit = limit.orElse(0);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Lobby: " + CHAT_LIMIT_KEY + " not read; keeping " + budget.limit, e);
        }
        return budget;
    }

    @Override
    public void onLeave(RoomContext room, RoomClient client, boolean consented) {
        String player = "/players/" + client.clientId();
        if (room.state().containsKey("players")
                && room.state().getJsonObject("players").containsKey(client.clientId())) {
            room.remove(player);
            metadata(room);
        }
    }

    @Override
    public void onDispose(RoomContext room) {
        budgets.remove(room.id());
    }
}
