package dev.warden.web.game;

import dev.warden.web.ApiExceptionMapper;
import dev.warden.web.UnhandledExceptionMapper;
import dev.warden.web.WebApplicationExceptionMapper;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The game clients' HTTP API under {@code /game-api/v1} (docs/game-api.md): player sign-in and registration.
 * The rooms themselves are WebSocket endpoints ({@link GameSockets}).
 */
@ApplicationPath("game-api/v1")
public class GameApiApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return new LinkedHashSet<>(List.of(
                PlayerAuthResource.class,
                ApiExceptionMapper.class,
                WebApplicationExceptionMapper.class,
                UnhandledExceptionMapper.class));
    }
}
