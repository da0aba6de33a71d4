package dev.warden.web.hosting;

import dev.warden.web.ApiExceptionMapper;
import dev.warden.web.ExposeHeadersFilter;
import dev.warden.web.UnhandledExceptionMapper;
import dev.warden.web.WebApplicationExceptionMapper;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The read-only hosting API under {@code /api/v1} (docs/hosting-api.md, "Requirements"). Only GET is answered. */
@ApplicationPath("api/v1")
public class HostingApiApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return new LinkedHashSet<>(List.of(
                ApplicationsResource.class,
                MetricsResource.class,
                EgressResource.class,
                DeploysResource.class,
                BillingResource.class,
                InstanceLogsResource.class,
                HostingAccessFilter.class,
                ResponseCacheFilter.class,
                InstanceSlotFilter.class,
                ExposeHeadersFilter.class,
                ApiExceptionMapper.class,
                WebApplicationExceptionMapper.class,
                UnhandledExceptionMapper.class));
    }
}
