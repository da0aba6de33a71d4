package dev.warden.web.hosting;

import dev.warden.hosting.limits.Endpoint;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the hosting API endpoint a resource method serves; the rate-limit, one-at-a-time and cache filters read
 * its limits and refresh interval off {@link Endpoint} (docs/hosting-api.md, "Requirements: Limits").
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@Documented
public @interface HostingEndpoint {

    /** The endpoint, e.g. {@link Endpoint#METRICS}. */
    Endpoint value();
}
