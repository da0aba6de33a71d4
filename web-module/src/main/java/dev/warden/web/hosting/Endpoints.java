package dev.warden.web.hosting;

import dev.warden.hosting.limits.Endpoint;
import jakarta.ws.rs.container.ResourceInfo;
import java.lang.reflect.Method;

/** Reads {@link HostingEndpoint} off the matched resource method (docs/hosting-api.md, "Requirements: Limits"). */
final class Endpoints {

    private Endpoints() {}

    /** The endpoint of the matched method, or null when the request matched none or it is not annotated. */
    static Endpoint of(ResourceInfo info) {
        Method method = info == null ? null : info.getResourceMethod();
        if (method == null) {
            return null;
        }
        HostingEndpoint endpoint = method.getAnnotation(HostingEndpoint.class);
        return endpoint == null ? null : endpoint.value();
    }

    /** A {@code Server-Timing} metric {@code name;dur=<ms>} for the time since {@code startedNanos}. */
    static String timing(String name, long startedNanos) {
        return name + ";dur=" + String.format(java.util.Locale.ROOT, "%.3f", (System.nanoTime() - startedNanos) / 1e6);
    }
}
