package dev.warden.rooms;

import java.time.Instant;

/**
 * One game client's WebSocket, as the rooms see it (implemented by the web module's socket endpoint).
 * {@link #send} must not block: it queues the frame.
 */
public interface ClientConnection {

    /** The player's {@code warden_users} id. */
    long userId();

    /** The client's address, or null. */
    String ip();

    /** When the socket opened. */
    Instant openedAt();

    /** Queues a text frame. Ignored once closed. */
    void send(String text);

    /** Closes the socket with a close code (4001 kicked, 4003 banned or revoked, 4004 disposed, 4009 locked/full). */
    void close(int code, String reason);
}
