package dev.warden.rooms.admin;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The table of saved message templates, {@code warden_room_templates} (docs/admin-api.md, "Message templates"):
 * rows {@code {id, room_type, name, type, data, created_at, updated_at}}, at most {@link RoomTemplates#MAX_PER_TYPE}
 * per room type and one name per room type. Every method runs in the caller's transaction.
 */
@Stateless
public class RoomTemplateStore {

    private static final String COLUMNS = "id, room_type, name, msg_type, data::text, created_at, updated_at";

    /** What an insert or rename met: done, the name taken in that room type, or the room type full. */
    public enum Outcome {
        DONE,
        NAME_TAKEN,
        FULL
    }

    /** The outcome of a write and the row after it (null unless done). */
    public record Written(Outcome outcome, JsonObject row) {}

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /** The templates of {@code roomType} (every room type when null), by room type and name. */
    public List<JsonObject> list(String roomType) {
        return Sql.list(
                dataSource,
                "Reading room message templates",
                "SELECT " + COLUMNS + " FROM warden_room_templates WHERE (?::text IS NULL OR room_type = ?) "
                        + "ORDER BY room_type, name",
                RoomTemplateStore::row,
                roomType,
                roomType);
    }

    /** One template. */
    public Optional<JsonObject> find(long id) {
        return Sql.first(
                dataSource,
                "Reading a room message template",
                "SELECT " + COLUMNS + " FROM warden_room_templates WHERE id = ?",
                RoomTemplateStore::row,
                id);
    }

    /** Inserts a template unless its room type holds {@code max} already or the name is taken there. */
    public Written create(String roomType, String name, String msgType, JsonValue data, long createdBy, int max) {
        Optional<JsonObject> row = Sql.first(
                dataSource,
                "Saving a room message template",
                "INSERT INTO warden_room_templates (room_type, name, msg_type, data, created_by) "
                        + "SELECT ?, ?, ?, ?::jsonb, ? WHERE (SELECT count(*) FROM warden_room_templates "
                        + "WHERE room_type = ?) < ? ON CONFLICT (room_type, name) DO NOTHING RETURNING " + COLUMNS,
                RoomTemplateStore::row,
                roomType,
                name,
                msgType,
                data.toString(),
                createdBy,
                roomType,
                max);
        if (row.isPresent()) {
            return new Written(Outcome.DONE, row.get());
        }
        return new Written(taken(roomType, name, -1) ? Outcome.NAME_TAKEN : Outcome.FULL, null);
    }

    /**
     * Changes the given fields (null: unchanged) of template {@code id}.
     *
     * @return the row after; empty when there is no such template
     */
    public Optional<Written> update(long id, String name, String msgType, JsonValue data) {
        Optional<JsonObject> before = find(id);
        if (before.isEmpty()) {
            return Optional.empty();
        }
        if (name != null && taken(before.get().getString("room_type"), name, id)) {
            return Optional.of(new Written(Outcome.NAME_TAKEN, null));
        }
        return Sql.first(
                        dataSource,
                        "Changing a room message template",
                        "UPDATE warden_room_templates SET name = coalesce(?, name), msg_type = coalesce(?, msg_type), "
                                + "data = coalesce(?::jsonb, data), updated_at = now() WHERE id = ? RETURNING "
                                + COLUMNS,
                        RoomTemplateStore::row,
                        name,
                        msgType,
                        data == null ? null : data.toString(),
                        id)
                .map(row -> new Written(Outcome.DONE, row));
    }

    /** Deletes template {@code id}; the row as it was, empty when there is none. */
    public Optional<JsonObject> delete(long id) {
        return Sql.first(
                dataSource,
                "Deleting a room message template",
                "DELETE FROM warden_room_templates WHERE id = ? RETURNING " + COLUMNS,
                RoomTemplateStore::row,
                id);
    }

    private boolean taken(String roomType, String name, long other) {
        return Sql.first(
                        dataSource,
                        "Reading a room message template",
                        "SELECT 1 FROM warden_room_templates WHERE room_type = ? AND name = ? AND id <> ?",
                        rs -> Boolean.TRUE,
                        roomType,
                        name,
                        other)
                .isPresent();
    }

    private static JsonObject row(ResultSet rs) throws SQLException {
        JsonValue data;
        try (var reader = JSON.createReader(new StringReader(rs.getString(5)))) {
            data = reader.readValue();
        }
        return JSON.createObjectBuilder()
                .add("id", String.valueOf(rs.getLong(1)))
                .add("room_type", rs.getString(2))
                .add("name", rs.getString(3))
                .add("type", rs.getString(4))
                .add("data", data)
                .add(
                        "created_at",
                        rs.getObject(6, OffsetDateTime.class).toInstant().toString())
                .add(
                        "updated_at",
                        rs.getObject(7, OffsetDateTime.class).toInstant().toString())
                .build();
    }
}
