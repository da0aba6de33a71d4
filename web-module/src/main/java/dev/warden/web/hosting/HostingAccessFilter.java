package dev.warden.web.hosting;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.hosting.access.AccessDecision;
import dev.warden.hosting.access.HostingAccess;
import dev.warden.hosting.limits.Endpoint;
import dev.warden.hosting.limits.RateLimitHeaders;
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
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The hosting API's access check as one filter pair
 * (docs/hosting-api.md, "Requirements: Authentication" rules 1 and 5, "Requirements: Limits" rules 1 to 4):
 * reads {@code Authorization: Bearer <API token>}, asks {@link HostingAccess}
 * for the decision on the matched {@code @HostingEndpoint} and maps it to the answer. Runs after resource matching,
 * so a method other than GET is 405 first.
 *
 * <ul>
 *   <li>unauthenticated: 401 {@code unauthenticated} with {@code WWW-Authenticate: Bearer realm="warden"};</li>
 *   <li>rate limited: 429 {@code rate_limited} with {@code Retry-After} and the rate-limit headers;</li>
 *   <li>allowed: the team access is kept for the resources ({@link HostingRequest}), and every response, cached or
 *       not, carries {@code X-RateLimit-Limit}, {@code X-RateLimit-Remaining}, {@code RateLimit-Policy} and
 *       {@code RateLimit} ({@link RateLimitHeaders}) when the request was counted.</li>
 * </ul>
 *
 * <p>With {@code warden.hosting.server-timing=true} the time the decision took is reported as {@code Server-Timing:
 * limit;dur=<ms>} (for bench/rate-limiter.sh).
 */
@Provider
@ApplicationScoped
@Priority(Priorities.AUTHENTICATION)
public class HostingAccessFilter implements ContainerRequestFilter, ContainerResponseFilter {

    /** Request property holding the {@code Server-Timing} value so far (the cache filter appends its part). */
    static final String TIMING = "warden.server-timing";

    private static final String SCHEME = "bearer ";

    @EJB
    HostingAccess access;

    @Inject
    HostingRequest hosting;

    @Context
    ResourceInfo resourceInfo;

    @Inject
    @ConfigProperty(name = "warden.hosting.server-timing", defaultValue = "false")
    boolean serverTiming;

    @Override
    public void filter(ContainerRequestContext request) {
        Endpoint endpoint = Endpoints.of(resourceInfo);
        long started = System.nanoTime();
        AccessDecision decision = access.decide(token(request.getHeaderString(HttpHeaders.AUTHORIZATION)), endpoint);
        if (serverTiming && !decision.limits().isEmpty()) {
            request.setProperty(TIMING, Endpoints.timing("limit", started));
        }
        switch (decision.verdict()) {
            case UNAUTHENTICATED ->
                throw ApiException.unauthenticated(decision.message())
                        .withHeaders(Map.of(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"warden\""));
            case RATE_LIMITED ->
                throw new ApiException(
                        ErrorCode.RATE_LIMITED, decision.message(), Map.of(), RateLimitHeaders.of(decision.limits()));
            case ALLOWED -> hosting.set(decision);
        }
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        RateLimitHeaders.of(hosting.limits()).forEach((name, value) -> {
            if (!RateLimitHeaders.RETRY_AFTER.equals(name) || response.getStatus() == 429) {
                response.getHeaders().putSingle(name, value);
            }
        });
        Object timing = request.getProperty(TIMING);
        if (timing != null) {
            response.getHeaders().putSingle("Server-Timing", timing.toString());
        }
    }

    /** The token of an {@code Authorization: Bearer <token>} header (scheme case-insensitive); null otherwise. */
    static String token(String header) {
        if (header != null
                && header.length() > SCHEME.length()
                && header.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            return header.substring(SCHEME.length()).strip();
        }
        return null;
    }
}
