package dev.warden.rooms;

import java.time.Duration;
import org.eclipse.microprofile.config.Config;

/**
 * A room type's effective settings: its own values, overridden by MicroProfile Config
 * ({@code warden.rooms.<name>.max-clients}, {@code .patch-rate-ms}, {@code .reconnection-grace-ms}) and the
 * node-wide {@code warden.rooms.empty-dispose-ms} (how long an empty room waits before it is disposed; default
 * 10000).
 *
 * @param name              the type's name
 * @param maxClients        seats per room (at least 1)
 * @param patchRate         patch interval (at least 5 ms)
 * @param reconnectionGrace how long a dropped client keeps its seat
 * @param emptyDispose      how long an empty room lives on
 */
public record RoomSettings(
        String name, int maxClients, Duration patchRate, Duration reconnectionGrace, Duration emptyDispose) {

    /** The settings of {@code type} under {@code config}. */
    public static RoomSettings of(RoomType type, Config config) {
        String prefix = "warden.rooms." + type.name() + ".";
        int max = config.getOptionalValue(prefix + "max-clients", Integer.class).orElse(type.maxClients());
        long patch = config.getOptionalValue(prefix + "patch-rate-ms", Long.class)
                .orElse(type.patchRate().toMillis());
        long grace = config.getOptionalValue(prefix + "reconnection-grace-ms", Long.class)
                .orElse(type.reconnectionGrace().toMillis());
        long empty = config.getOptionalValue("warden.rooms.empty-dispose-ms", Long.class)
                .orElse(10_000L);
        return new RoomSettings(
                type.name(),
                Math.max(1, max),
                Duration.ofMillis(Math.max(5, patch)),
                Duration.ofMillis(Math.max(0, grace)),
                Duration.ofMillis(Math.max(0, empty)));
    }
}
