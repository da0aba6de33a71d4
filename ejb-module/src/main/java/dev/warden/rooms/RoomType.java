package dev.warden.rooms;

import jakarta.json.JsonValue;
import java.time.Duration;

/**
 * A kind of live room (a match, a lobby): the code an integrator supplies (docs/game-api.md, "Requirements: Room types").
 * Implement it in a CDI bean ({@code @ApplicationScoped}) in a jar of the EAR, beside any {@code PanelCustomizer};
 * Warden finds every such bean at start-up and serves it at {@code /game-api/v1/rooms/<name>}.
 *
 * <p>Threading: Warden calls the {@code on*} methods of one room one at a time, in order, on a pooled thread
 * (never two at once for the same room), so room code needs no locks of its own; it must not block for long.
 * Change the state only through the {@link RoomContext} given to the callback: Warden sends the changes to every
 * client as one JSON Patch per room every {@link #patchRate()}. An exception thrown by a callback is logged and
 * does not close the room.
 *
 * <p>Every setting may be overridden per type with MicroProfile Config: {@code warden.rooms.<name>.max-clients},
 * {@code warden.rooms.<name>.patch-rate-ms}, {@code warden.rooms.<name>.reconnection-grace-ms}.
 */
public interface RoomType {

    /** The type's name: the URL segment ({@code [a-z0-9_-]+}, unique). */
    String name();

    /** Most clients a room holds (seats of dropped clients within their grace count); default 64. */
    default int maxClients() {
        return 64;
    }

    /** How often state changes are sent as a patch; default 50 ms. */
    default Duration patchRate() {
        return Duration.ofMillis(50);
    }

    /** How long a dropped client keeps its seat for a reconnection; default 20 s. */
    default Duration reconnectionGrace() {
        return Duration.ofSeconds(20);
    }

    /** A room of this type was created (first join or an explicit create); set its initial state here. */
    default void onCreate(RoomContext room) {}

    /** {@code client} took a seat (after {@code onCreate} for the first one); it gets the state right after. */
    default void onJoin(RoomContext room, RoomClient client) {}

    /**
     * A client sent {@code {"t":"msg","type":type,"data":data}}.
     *
     * @param data the message's {@code data}, {@link JsonValue#NULL} when absent
     */
    void onMessage(RoomContext room, RoomClient client, String type, JsonValue data);

    /**
     * {@code client} lost its seat: it left ({@code consented}: it closed with code 1000), was kicked or banned,
     * or did not come back within the reconnection grace.
     */
    default void onLeave(RoomContext room, RoomClient client, boolean consented) {}

    /** The room is going away (empty past the grace, disposed by an operator, or the node stops). */
    default void onDispose(RoomContext room) {}
}
