package dev.warden.web.game;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.players.Player;
import dev.warden.rooms.Admission;
import dev.warden.rooms.CloseCodes;
import dev.warden.rooms.MessageRate;
import dev.warden.rooms.Room;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.websocket.CloseReason;
import jakarta.websocket.Endpoint;
import jakarta.websocket.EndpointConfig;
import jakarta.websocket.MessageHandler;
import jakarta.websocket.Session;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One game client's room socket (docs/game-api.md, "Requirements: Clients"). On open: the player token is checked (4003
 * when missing, unknown, revoked or banned), then the client is seated (join or create, a given room, or a
 * resumed seat with {@code ?client_id=}) or closed with the refusal's code (4004 no such room, 4009 locked or full,
 * 4029 a limit: the user's or the address's open sockets, rooms created this minute; docs/game-api.md, "Limits").
 * {@code ?create=true} on the type's URL always opens a new room. Client frames {@code {"t":"msg","type":..,"data":..}}
 * go to the room within the socket's message budget ({@link MessageRate}); other frames are ignored. A close with
 * 1000 gives the seat up; any other drop keeps it for the room type's reconnection grace.
 */
public class RoomSocket extends Endpoint {

    private static final Logger LOG = Logger.getLogger(RoomSocket.class.getName());
    /** Largest client frame accepted (bytes). */
    static final int MAX_FRAME = 64 * 1024;

    private GameBeans beans;
    private SocketConnection connection;
    private Room room;
    private String clientId;
    private MessageRate rate;

    @Override
    public void onOpen(Session session, EndpointConfig config) {
        beans = GameBeans.get();
        Map<String, Object> props = session.getUserProperties().containsKey(HandshakeConfigurator.TOKEN)
                ? session.getUserProperties()
                : config.getUserProperties();
        session.setMaxTextMessageBufferSize(MAX_FRAME);
        Player player;
        try {
            player = beans.players().authenticate((String) props.get(HandshakeConfigurator.TOKEN));
        } catch (ApiException e) {
            close(session, CloseCodes.BANNED, "unauthenticated");
            return;
        }
        connection = new SocketConnection(session, player.userId(), (String) props.get(HandshakeConfigurator.IP));
        if (!beans.live().opened(connection)) {
            connection.close(CloseCodes.RATE_LIMITED, "too many open sockets");
            connection = null; // nothing was counted: onClose has nothing to release
            return;
        }
        Map<String, String> path = session.getPathParameters();
        List<String> resume = session.getRequestParameterMap().get("client_id");
        List<String> create = session.getRequestParameterMap().get("create");
        Admission admission = beans.rooms()
                .join(
                        path.get("type"),
                        path.get("roomId"),
                        resume == null || resume.isEmpty() ? null : resume.get(0),
                        create != null && create.contains("true"),
                        player,
                        connection);
        if (!admission.admitted()) {
            beans.live().closed(connection);
            connection.close(admission.closeCode(), admission.reason());
            return;
        }
        room = admission.room();
        clientId = admission.clientId();
        rate = beans.rooms().limits().messageRate();
        session.addMessageHandler(String.class, (MessageHandler.Whole<String>) this::onText);
    }

    private void onText(String text) {
        JsonObject frame;
        try (JsonReader reader = JSON.createReader(new StringReader(text))) {
            JsonValue value = reader.readValue();
            if (!(value instanceof JsonObject object)) {
                return;
            }
            frame = object;
        } catch (JsonException e) {
            return;
        }
        if ("msg".equals(frame.getString("t", null)) && frame.get("type") instanceof JsonString type) {
            beans.rooms()
                    .message(
                            room,
                            clientId,
                            connection,
                            rate,
                            type.getString(),
                            frame.getOrDefault("data", JsonValue.NULL));
        }
    }

    @Override
    public void onClose(Session session, CloseReason reason) {
        if (connection == null) {
            return;
        }
        beans.live().closed(connection);
        if (room != null) {
            beans.rooms()
                    .closed(room, clientId, connection, reason.getCloseCode().getCode());
        }
    }

    @Override
    public void onError(Session session, Throwable error) {
        LOG.log(Level.FINE, "Room socket error", error);
    }

    private static void close(Session session, int code, String reason) {
        try {
            session.close(new CloseReason(CloseReason.CloseCodes.getCloseCode(code), reason));
        } catch (java.io.IOException e) {
            LOG.log(Level.FINE, "Room socket close failed", e);
        }
    }
}
