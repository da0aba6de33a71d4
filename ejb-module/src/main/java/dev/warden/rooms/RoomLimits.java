package dev.warden.rooms;

import org.eclipse.microprofile.config.Config;

/**
 * The limits against room floods (docs/game-api.md, "Limits"; docs/configuration.md, {@code warden.rooms.*}); 0 or
 * less turns a limit off.
 *
 * @param socketsPerUser   open room sockets per user on this node ({@code warden.rooms.max-sockets-per-user}, 10)
 * @param socketsPerAddress open room sockets per client address on this node
 *                          ({@code warden.rooms.max-sockets-per-address}, 100)
 * @param createsPerUser   rooms a user may cause to be created per minute, on all nodes together
 *                          ({@code warden.rooms.max-creates-per-user}, 10)
 * @param messagesPerSecond client messages per socket and second ({@code warden.rooms.messages-per-second}, 20)
 * @param maxRefused        refused messages within 10 s after which the socket is closed
 *                          ({@code warden.rooms.max-refused-messages}, 50)
 */
public record RoomLimits(
        int socketsPerUser, int socketsPerAddress, int createsPerUser, int messagesPerSecond, int maxRefused) {

    /** The limits under {@code config}. */
    public static RoomLimits of(Config config) {
        return new RoomLimits(
                value(config, "warden.rooms.max-sockets-per-user", 10),
                value(config, "warden.rooms.max-sockets-per-address", 100),
                value(config, "warden.rooms.max-creates-per-user", 10),
                value(config, "warden.rooms.messages-per-second", 20),
                value(config, "warden.rooms.max-refused-messages", 50));
    }

    /** A new message budget for one socket ({@link MessageRate}). */
    public MessageRate messageRate() {
        return new MessageRate(messagesPerSecond, maxRefused);
    }

    private static int value(Config config, String key, int fallback) {
        return config.getOptionalValue(key, Integer.class).orElse(fallback);
    }
}
