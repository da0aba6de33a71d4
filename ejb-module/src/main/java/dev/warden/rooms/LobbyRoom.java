package dev.warden.rooms;

import static dev.warden.common.JsonSupport.JSON;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Instant;

/**
 * The built-in room type {@code lobby} (DESIGN.md section 5b): chat and a ready flag per player.
 *
 * <p>State: {@code {"players": {"<client_id>": {"user_id", "name", "ready"}}, "chat": [{"from", "text", "at"}]}}
 * (the last 50 lines). Messages: {@code chat {text}} (at most 500 characters) and {@code ready {ready: bool}};
 * anything else is ignored. Max 64 clients, patches every 50 ms, reconnection grace 20 s (override with
 * {@code warden.rooms.lobby.*}).
 */
@ApplicationScoped
public class LobbyRoom implements RoomType {

    /** Chat lines kept. */
    static final int CHAT_LINES = 50;

    @Override
    public String name() {
        return "lobby";
    }

    @Override
    public void onCreate(RoomContext room) {
        room.setState(JSON.createObjectBuilder()
                .add("players", JsonValue.EMPTY_JSON_OBJECT)
                .add("chat", JsonValue.EMPTY_JSON_ARRAY)
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
        } else if ("chat".equals(type)
                && data instanceof JsonObject body
                && body.get("text") instanceof JsonString text) {
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

    @Override
    public void onLeave(RoomContext room, RoomClient client, boolean consented) {
        String player = "/players/" + client.clientId();
        if (room.state().containsKey("players")
                && room.state().getJsonObject("players").containsKey(client.clientId())) {
            room.remove(player);
        }
    }
}
