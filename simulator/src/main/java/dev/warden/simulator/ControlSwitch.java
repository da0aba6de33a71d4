package dev.warden.simulator;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Keeps the simulator's unauthenticated control API ({@code /control}, {@code /proxy-faults}) off unless
 * {@code simulator.control.enabled} (env {@code SIMULATOR_CONTROL_ENABLED}) is true (issue 13, point 7): the demo
 * ({@code run.sh}) and the integration-test server switch it on. When off those paths answer 404.
 */
@Provider
@PreMatching
public class ControlSwitch implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath().replaceAll("^/+", "");
        boolean control = path.equals("control")
                || path.startsWith("control/")
                || path.equals("proxy-faults")
                || path.startsWith("proxy-faults/");
        if (control && !enabled()) {
            request.abortWith(Response.status(404)
                    .type(MediaType.APPLICATION_JSON_TYPE)
                    .entity("{\"error\":{\"code\":\"not_found\",\"message\":\"The simulator's control API is off "
                            + "(simulator.control.enabled)\"}}")
                    .build());
        }
    }

    static boolean enabled() {
        return ConfigProvider.getConfig()
                .getOptionalValue("simulator.control.enabled", Boolean.class)
                .orElse(false);
    }
}
