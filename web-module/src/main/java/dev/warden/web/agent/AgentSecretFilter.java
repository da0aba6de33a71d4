package dev.warden.web.agent;

import dev.warden.common.ApiException;
import dev.warden.hosting.agent.AgentIngestion;
import jakarta.annotation.Priority;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;

/**
 * Authenticates {@code /agent/v1/instances/{id}/...} requests by {@code Authorization: Bearer <agent secret>}: the
 * SHA-256 hex of the secret must equal {@code warden_instances.agent_secret_hash} of instance {@code {id}}. 401
 * {@code unauthenticated} for a missing or wrong secret, 404 {@code not_found} for no such instance. Runs after
 * resource matching (so a wrong method is 405 first).
 */
@Provider
@ApplicationScoped
@Priority(Priorities.AUTHENTICATION)
public class AgentSecretFilter implements ContainerRequestFilter {

    private static final String SCHEME = "bearer ";

    @EJB
    AgentIngestion ingestion;

    @Inject
    AgentRequest agent;

    @Override
    public void filter(ContainerRequestContext request) {
        String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        String secret = null;
        if (header != null
                && header.length() > SCHEME.length()
                && header.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            secret = header.substring(SCHEME.length()).strip();
        }
        String id = request.getUriInfo().getPathParameters().getFirst("id");
        try {
            agent.set(ingestion.authenticate(id, secret));
        } catch (ApiException e) {
            if (e.status() != 401) {
                throw e;
            }
            throw e.withHeaders(Map.of(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"warden-agent\""));
        }
    }
}
