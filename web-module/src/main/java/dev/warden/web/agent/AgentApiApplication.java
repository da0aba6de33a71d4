package dev.warden.web.agent;

import dev.warden.web.ApiExceptionMapper;
import dev.warden.web.UnhandledExceptionMapper;
import dev.warden.web.WebApplicationExceptionMapper;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The instance agents' ingestion API under {@code /agent/v1} (docs/architecture.md, "Requirements: Hosting side"; contracts: agent ingestion API):
 * bearer agent secret per instance, JSON bodies, the hosting API's error body.
 */
@ApplicationPath("agent/v1")
public class AgentApiApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return new LinkedHashSet<>(List.of(
                AgentResource.class,
                AgentSecretFilter.class,
                ApiExceptionMapper.class,
                WebApplicationExceptionMapper.class,
                UnhandledExceptionMapper.class));
    }
}
