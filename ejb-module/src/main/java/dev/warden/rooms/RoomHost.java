package dev.warden.rooms;

import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;

/**
 * What a {@link Room} needs from the node that hosts it (docs/game-api.md): the scheduler, notices of changes that
 * the cluster row should reflect, and the settings of its figures and log (docs/configuration.md, "Application settings (MicroProfile Config)").
 */
interface RoomHost {
    /** The scheduler every room's work runs on. */
    ScheduledExecutorService scheduler();

    /** The room's seats, lock flag or metadata changed. */
    void changed(Room room);

    /** The room was disposed. */
    void removed(Room room);

    /** False when room figures are switched off ({@code warden.rooms.figures}). */
    default boolean figuresOn() {
        return true;
    }

    /** Entries of each room's log ({@code warden.rooms.log-size}). */
    default int logSize() {
        return 200;
    }

    /** Message types whose data the room log redacts ({@code warden.rooms.log-redact-types}). */
    default Set<String> redactedTypes() {
        return Set.of();
    }
}
