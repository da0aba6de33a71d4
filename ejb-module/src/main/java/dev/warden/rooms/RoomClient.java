package dev.warden.rooms;

import java.time.Instant;

/**
 * A seat in a room, as room code and the admin API see it.
 *
 * @param clientId    the seat's id, kept across a reconnection
 * @param userId      the player's {@code warden_users} id
 * @param displayName the player's display name, or null
 * @param joinedAt    when the seat was taken
 * @param ip          the client's address when it connected, or null
 * @param connected   false while the client is away within its reconnection grace
 */
public record RoomClient(
        String clientId, long userId, String displayName, Instant joinedAt, String ip, boolean connected) {}
