package dev.warden.web.agent;

import dev.warden.common.ApiException;
import dev.warden.hosting.agent.AgentIngestion.AgentInstance;
import jakarta.enterprise.context.RequestScoped;

/** The instance authenticated for the current {@code /agent/v1} request, set by {@link AgentSecretFilter}. */
@RequestScoped
public class AgentRequest {

    private AgentInstance instance;

    /**
     * The authenticated instance.
     *
     * @throws ApiException 401 when no secret was checked
     */
    public AgentInstance instance() {
        if (instance == null) {
            throw ApiException.unauthenticated("Send Authorization: Bearer <agent secret>");
        }
        return instance;
    }

    void set(AgentInstance instance) {
        this.instance = instance;
    }
}
