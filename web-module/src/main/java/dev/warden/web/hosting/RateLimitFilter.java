package dev.warden.web.hosting;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.hosting.limits.Endpoint;
import dev.warden.hosting.limits.LimitPolicy;
import dev.warden.hosting.limits.LimitState;
import dev.warden.hosting.limits.RateLimitHeaders;
import dev.warden.hosting.limits.RateLimiter;
import dev.warden.hosting.limits.RateWindows;
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
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Applies the hosting API rate limits to every resource method carrying {@code @HostingEndpoint}
 * (docs/hosting-api.md, "Requirements: Limits" rules 1 to 4): after the bearer token is checked, the request is counted by
 * {@link RateLimiter} against the team's shared budget and the endpoint's own limit (usually already counted
 * with the token check by {@link BearerTokenFilter}, in the same statement). Past a limit it answers
 * 429 {@code rate_limited} with {@code Retry-After}. Every counted response, 429 or not, cached or not, carries
 * {@code X-RateLimit-Limit}, {@code X-RateLimit-Remaining}, {@code RateLimit-Policy} and {@code RateLimit}
 * ({@link RateLimitHeaders}). With {@code warden.hosting.server-timing=true} the time spent counting is reported
 * as {@code Server-Timing: limit;dur=<ms>} (for bench/rate-limiter.sh).
 */
@Provider
@ApplicationScoped
@Priority(Priorities.AUTHORIZATION)
public class RateLimitFilter implements ContainerRequestFilter, ContainerResponseFilter {

    static final String STATES = RateLimitFilter.class.getName() + ".states";
    static final String TIMING = "warden.server-timing";

    @EJB
    RateLimiter limiter;

    @Inject
    HostingRequest hosting;

    @Context
    ResourceInfo resourceInfo;

    @Inject
    @ConfigProperty(name = "warden.hosting.server-timing", defaultValue = "false")
    boolean serverTiming;

    /** Off only for diagnosis or tests that must not be limited; the requirements' limits apply when on. */
    @Inject
    @ConfigProperty(name = "warden.hosting.limits.enabled", defaultValue = "true")
    boolean enabled;

    @Override
    public void filter(ContainerRequestContext request) {
        Endpoint endpoint = Endpoints.of(resourceInfo);
        if (endpoint == null || !enabled) {
            return;
        }
        @SuppressWarnings("unchecked")
        List<LimitState> states = (List<LimitState>) request.getProperty(STATES);
        if (states == null) { // not counted with the token check (BearerTokenFilter)
            long started = System.nanoTime();
            states = limiter.count(hosting.access().teamId(), endpoint);
            request.setProperty(STATES, states);
            if (serverTiming) {
                request.setProperty(TIMING, Endpoints.timing("limit", started));
            }
        }
        if (states.stream().anyMatch(LimitState::exceeded)) {
            LimitState over =
                    states.stream().filter(LimitState::exceeded).findFirst().orElseThrow();
            String which = LimitPolicy.TEAM.equals(over.policy())
                    ? "the team's budget of " + over.limit() + " requests per minute"
                    : "the limit of " + over.limit() + " " + over.policy() + " requests per minute";
            throw new ApiException(
                    ErrorCode.RATE_LIMITED,
                    "Rate limit reached: " + which + "; retry after " + RateWindows.retryAfter(over.resetSeconds())
                            + " s",
                    Map.of(),
                    RateLimitHeaders.of(states));
        }
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        Object states = request.getProperty(STATES);
        if (states instanceof List<?> list) {
            @SuppressWarnings("unchecked")
            List<LimitState> counted = (List<LimitState>) list;
            RateLimitHeaders.of(counted).forEach((name, value) -> {
                if (!RateLimitHeaders.RETRY_AFTER.equals(name) || response.getStatus() == 429) {
                    response.getHeaders().putSingle(name, value);
                }
            });
        }
        Object timing = request.getProperty(TIMING);
        if (timing != null) {
            response.getHeaders().putSingle("Server-Timing", timing.toString());
        }
    }
}
