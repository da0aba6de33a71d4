package dev.warden.rooms.bus;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.common.Hashing;
import dev.warden.common.sql.Sql;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The sending side of {@link RoomBus}: a message is one {@code pg_notify} on {@link RoomBus#CHANNEL}, or, over
 * {@link RoomBus#INLINE_MAX} bytes of UTF-8, a {@code warden_room_messages} row whose id the notification carries
 * ({@code {"ref","to"}}); the receiver reads and deletes it with {@link #take}. About one large message in 50 also
 * deletes stored messages older than a minute (never read: their receiver was gone).
 */
final class BusWire {

    private static final Logger LOG = Logger.getLogger(BusWire.class.getName());

    private final DataSource dataSource;

    BusWire(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * NOTIFYs {@code message} (it names its target in {@code to}).
     *
     * @throws ApiException 503 {@code UNAVAILABLE} with {@code Retry-After: 2} when the database refused it
     */
    void send(JsonObject message) {
        String text = message.toString();
        try (Connection c = dataSource.getConnection()) {
            if (text.getBytes(StandardCharsets.UTF_8).length > RoomBus.INLINE_MAX) {
                String ref = Hashing.randomToken(16);
                Sql.update(c, "INSERT INTO warden_room_messages (id, body) VALUES (?, ?)", ref, text);
                text = JSON.createObjectBuilder()
                        .add("ref", ref)
                        .add("to", message.getString("to"))
                        .build()
                        .toString();
                if (Math.floorMod(ref.hashCode(), 50) == 0) {
                    Sql.update(c, "DELETE FROM warden_room_messages WHERE created_at < now() - interval '1 minute'");
                }
            }
            Sql.first(c, "SELECT pg_notify(?, ?)", rs -> Boolean.TRUE, RoomBus.CHANNEL, text);
        } catch (SQLException e) {
            throw new ApiException(ErrorCode.UNAVAILABLE, "Sending a command to another node failed: " + e.getMessage())
                    .withHeaders(Map.of("Retry-After", "2"));
        }
    }

    /** Reads and deletes a stored message, or null when it is gone. */
    String take(String ref) {
        try (Connection c = dataSource.getConnection()) {
            return Sql.first(
                            c,
                            "DELETE FROM warden_room_messages WHERE id = ? RETURNING body",
                            rs -> rs.getString(1),
                            ref)
                    .orElse(null);
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Rooms bus: reading stored message " + ref + " failed", e);
            return null;
        }
    }
}
