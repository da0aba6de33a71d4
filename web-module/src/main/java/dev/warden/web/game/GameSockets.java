package dev.warden.web.game;

import jakarta.websocket.Endpoint;
import jakarta.websocket.server.ServerApplicationConfig;
import jakarta.websocket.server.ServerEndpointConfig;
import java.util.List;
import java.util.Set;

/**
 * Deploys the room sockets (docs/game-api.md, "Requirements: Clients"): {@code /game-api/v1/rooms/{type}} (join or create)
 * and {@code /game-api/v1/rooms/{type}/{roomId}} (join one; {@code ?client_id=} resumes a seat), both served by
 * {@link RoomSocket} with the {@link HandshakeConfigurator}. Subprotocol {@code warden}.
 */
public class GameSockets implements ServerApplicationConfig {

    /** Paths of the two endpoints. */
    public static final List<String> PATHS = List.of("/game-api/v1/rooms/{type}", "/game-api/v1/rooms/{type}/{roomId}");

    @Override
    public Set<ServerEndpointConfig> getEndpointConfigs(Set<Class<? extends Endpoint>> scanned) {
        return Set.of(config(PATHS.get(0)), config(PATHS.get(1)));
    }

    private static ServerEndpointConfig config(String path) {
        return ServerEndpointConfig.Builder.create(RoomSocket.class, path)
                .subprotocols(List.of(HandshakeConfigurator.SUBPROTOCOL))
                .configurator(new HandshakeConfigurator())
                .build();
    }

    @Override
    public Set<Class<?>> getAnnotatedEndpointClasses(Set<Class<?>> scanned) {
        return Set.of();
    }
}
