package dev.warden.web.hosting;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.hosting.limits.Endpoint;
import dev.warden.hosting.limits.InstanceSlots;
import jakarta.annotation.Priority;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * One request at a time per instance for the endpoints of {@link Endpoint#oneAtATimePerInstance()}
 * ({@code logs}; docs/hosting-api.md, "Requirements: Limits" rule 5): the request takes the slot {@code team:<id>:<endpoint>:<instance
 * id>} through {@link InstanceSlots#enter} (shared by every node) or answers 429 {@code busy} with
 * {@code Retry-After: 5}; the answer frees it. Runs after {@link ResponseCacheFilter}, so an answer from the cache
 * never waits for the instance; part of the limits, so {@code warden.hosting.limits.enabled} switches it.
 */
@Provider
@ApplicationScoped
@Priority(Priorities.AUTHORIZATION + 200)
public class InstanceSlotFilter implements ContainerRequestFilter, ContainerResponseFilter {

    static final String SLOT = InstanceSlotFilter.class.getName() + ".slot";
    /** Seconds a slot is held at most when its request never finishes (a crashed node). */
    static final int SLOT_HOLD_SECONDS = 120;
    /** {@code Retry-After} of a 429 {@code busy}. */
    static final int BUSY_RETRY_SECONDS = 5;

    @EJB
    InstanceSlots slots;

    @Inject
    HostingRequest hosting;

    @Context
    ResourceInfo resourceInfo;

    @Inject
    @ConfigProperty(name = "warden.hosting.limits.enabled", defaultValue = "true")
    boolean enabled;

    @Override
    public void filter(ContainerRequestContext request) {
        Endpoint endpoint = Endpoints.of(resourceInfo);
        if (endpoint == null || !enabled || !endpoint.oneAtATimePerInstance()) {
            return;
        }
        String instance = request.getUriInfo().getPathParameters().getFirst("id");
        String slot = "team:" + hosting.access().teamId() + ":" + endpoint.policy() + ":" + instance;
        String holder = UUID.randomUUID().toString();
        if (!slots.enter(slot, holder, SLOT_HOLD_SECONDS)) {
            throw new ApiException(
                    ErrorCode.INSTANCE_BUSY,
                    "Another " + endpoint.policy() + " request for instance " + instance
                            + " is running; one at a time per instance",
                    Map.of(),
                    Map.of("Retry-After", Integer.toString(BUSY_RETRY_SECONDS)));
        }
        request.setProperty(SLOT, new String[] {slot, holder});
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (request.getProperty(SLOT) instanceof String[] slot) {
            slots.leave(slot[0], slot[1]);
        }
    }
}
