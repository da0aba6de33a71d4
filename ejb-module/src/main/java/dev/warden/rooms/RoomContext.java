package dev.warden.rooms;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;

/**
 * The room as its {@link RoomType} sees it inside a callback. Use it only from the callback's thread (Warden
 * serializes a room's callbacks; keeping the context for later is fine as long as it is only used from later
 * callbacks of the same room).
 */
public interface RoomContext {

    /** The room's id (opaque, URL-safe). */
    String id();

    /** The room type's name. */
    String type();

    /** The current state (immutable JSON; replace it with {@link #setState} or {@link #set}). */
    JsonObject state();

    /** Replaces the whole state; clients get the difference at the next patch. */
    void setState(JsonObject state);

    /**
     * Sets the value at a JSON Pointer (RFC 6901): replaces an existing member or element, adds a missing member
     * (its parent must exist; {@code -} appends to an array).
     *
     * @throws jakarta.json.JsonException when the pointer is malformed or its parent does not exist
     */
    void set(String pointer, JsonValue value);

    /**
     * Removes the value at a JSON Pointer.
     *
     * @throws jakarta.json.JsonException when nothing is there
     */
    void remove(String pointer);

    /** Sends {@code {"t":"msg","type":type,"data":data}} to every connected client (after pending state changes). */
    void broadcast(String type, JsonValue data);

    /** Sends a message to one client; nothing when it is not connected. */
    void send(String clientId, String type, JsonValue data);

    /**
     * The room's public metadata (docs/game-api.md, "Room metadata"): what the operators' room list shows and
     * filters on ({@code metadata.<key>=value}); empty until set.
     */
    JsonObject metadata();

    /**
     * Replaces the room's public metadata, a small JSON object (map, mode, region, ...; like Colyseus'
     * {@code setMetadata}); other nodes see it within a heartbeat. Keep values scalar: the list filter compares
     * a member's text.
     *
     * @throws IllegalArgumentException when its JSON text is over 2,048 bytes of UTF-8
     */
    void setMetadata(JsonObject metadata);

    /** The seated clients, in join order (dropped ones within their grace included). */
    List<RoomClient> clients();

    /** Locks the room: no new client may join (reconnections still may). */
    void lock();

    /** Unlocks the room. */
    void unlock();

    /** Disposes of the room after the current callback: every client is closed with code 4004. */
    void dispose();
}
