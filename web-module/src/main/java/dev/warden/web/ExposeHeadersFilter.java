package dev.warden.web;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;

/**
 * Lists the headers a browser client must be able to read across origins ({@code X-Total-Count} for
 * react-admin and Refine; docs/admin-api.md, "List query parameters") in {@code Access-Control-Expose-Headers}.
 */
@Provider
public class ExposeHeadersFilter implements ContainerResponseFilter {

    /** The exposed headers. */
    public static final String EXPOSED = "X-Total-Count, X-Total-Count-Kind, ETag, Location, Retry-After, "
            + "X-RateLimit-Limit, X-RateLimit-Remaining, RateLimit-Policy, RateLimit";

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        response.getHeaders().putSingle("Access-Control-Expose-Headers", EXPOSED);
    }
}
