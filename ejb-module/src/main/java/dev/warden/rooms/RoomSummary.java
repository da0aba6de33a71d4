package dev.warden.rooms;

import static dev.warden.common.JsonSupport.JSON;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Instant;

/**
 * A room's list row {@code {id, _id, type, node, clients, max_clients, locked, created_at, metadata, figures}}
 * (docs/admin-api.md, "Live rooms"): what the room list shows and what lock and unlock answer.
 *
 * @param clients  seats taken, dropped clients within their grace included
 * @param metadata the public metadata the room code set ({@code {}} when none)
 * @param figures  the room's figures (docs/operations.md, "Room figures"), or null when unknown
 * @param userIds  the user ids of its seats (not in the JSON; the player search reads them)
 */
public record RoomSummary(
        String id,
        String type,
        String node,
        int clients,
        int maxClients,
        boolean locked,
        Instant createdAt,
        JsonObject metadata,
        JsonObject figures,
        long[] userIds) {

    /** The row of {@code room}, hosted by {@code node}, from memory (its figures are current). */
    public static RoomSummary of(Room room, String node) {
        return new RoomSummary(
                room.id(),
                room.type(),
                node,
                room.seatCount(),
                room.maxClients(),
                room.locked(),
                room.createdAt(),
                room.metadata(),
                room.figures(),
                room.userIds());
    }

    /** The row as JSON (with {@code _id}; {@code created_at} ISO 8601 or null). */
    public JsonObject json() {
        return JSON.createObjectBuilder()
                .add("id", id)
                .add("_id", id)
                .add("type", type)
                .add("node", node)
                .add("clients", clients)
                .add("max_clients", maxClients)
                .add("locked", locked)
                .add("created_at", createdAt == null ? JsonValue.NULL : JSON.createValue(createdAt.toString()))
                .add("metadata", metadata == null ? JsonValue.EMPTY_JSON_OBJECT : metadata)
                .add("figures", figures == null ? JsonValue.NULL : figures)
                .build();
    }
}
