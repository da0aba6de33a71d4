package dev.warden.hosting;
import java.lang.annotation.*;
/** Names the hosting API endpoint a resource method serves, for rate limits and caching (spec/hosting-api.md, Limits). */
@Retention(RetentionPolicy.RUNTIME) @Target(ElementType.METHOD) @Documented
public @interface HostingEndpoint { /** One of applications, metrics_current, metrics, egress, deploys, deploy, billing, logs. */ String value(); }
