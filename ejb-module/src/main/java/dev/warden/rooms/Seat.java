package dev.warden.rooms;

import java.time.Instant;

/** A client's seat in a {@link Room}; fields guarded by the room's lock unless noted. */
final class Seat {

    final String clientId;
    final long userId;
    final String displayName;
    final Instant joinedAt;
    String ip;
    /** The live socket, or null while the client is away within its grace. */
    ClientConnection connection;
    /** True once the client got its {@code state} frame (room thread only). */
    volatile boolean synced;
    /** Bumped on every drop and resume, so a stale grace timer does nothing. */
    long generation;

    Seat(String clientId, long userId, String displayName, String ip) {
        this.clientId = clientId;
        this.userId = userId;
        this.displayName = displayName;
        this.joinedAt = Instant.now();
        this.ip = ip;
    }

    RoomClient view() {
        return new RoomClient(clientId, userId, displayName, joinedAt, ip, connection != null);
    }
}
