package dev.warden.simulator;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Guards the simulator's control API ({@code /control}) and {@code /proxy-faults} (docs/simulator.md, "Control API";
 * docs/security.md): both answer 404 unless {@code simulator.control.enabled} (env {@code SIMULATOR_CONTROL_ENABLED})
 * is true (the demo's {@code run.sh} and the integration-test servers switch it on); both answer 403
 * {@code forbidden} for a {@code Host} outside Warden's allow list ({@link HostRule}: DNS rebinding); and
 * {@code /control} answers 401 {@code unauthenticated} without {@code Authorization: Bearer <simulator.control.token>}
 * (env {@code SIMULATOR_CONTROL_TOKEN}; {@code run.sh} generates one per run and prints it in its banner; without
 * one the simulator generates a token at its first control request and logs it once). {@code /proxy-faults} needs
 * no token: Warden's own hosting poller calls it, and it changes nothing but its scripts' step counts.
 */
@Provider
@PreMatching
public class ControlSwitch implements ContainerRequestFilter {

    private static final Logger LOG = Logger.getLogger(ControlSwitch.class.getName());

    private static volatile String generated;

    @Override
    public void filter(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath().replaceAll("^/+", "");
        boolean control = path.equals("control") || path.startsWith("control/");
        boolean faults = path.equals("proxy-faults") || path.startsWith("proxy-faults/");
        if (!control && !faults) {
            return;
        }
        Config config = ConfigProvider.getConfig();
        if (!config.getOptionalValue("simulator.control.enabled", Boolean.class).orElse(false)) {
            request.abortWith(
                    error(404, "not_found", "The simulator's control API is off (simulator.control.enabled)"));
            return;
        }
        String host = request.getHeaderString("Host");
        if (host == null || host.isBlank()) {
            host = request.getUriInfo().getRequestUri().getHost();
        }
        if (!HostRule.of(config).allows(host)) {
            request.abortWith(
                    error(403, "forbidden", "The simulator does not answer for this host; see warden.allowed-hosts"));
            return;
        }
        if (control && !tokenMatches(request.getHeaderString("Authorization"), token(config))) {
            request.abortWith(Response.fromResponse(error(
                            401,
                            "unauthenticated",
                            "The control API needs Authorization: Bearer <simulator.control.token>"))
                    .header("WWW-Authenticate", "Bearer")
                    .build());
        }
    }

    /** The configured token, else one generated once per deployment (and logged then). */
    static String token(Config config) {
        String configured = config.getOptionalValue("simulator.control.token", String.class)
                .map(String::strip)
                .orElse("");
        if (!configured.isEmpty()) {
            return configured;
        }
        synchronized (ControlSwitch.class) {
            if (generated == null) {
                byte[] random = new byte[24];
                new SecureRandom().nextBytes(random);
                generated = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
                String shown = generated;
                LOG.info(() ->
                        "Simulator control API token (generated; set SIMULATOR_CONTROL_TOKEN to choose one): " + shown);
            }
            return generated;
        }
    }

    /** True when {@code authorization} is {@code Bearer <token>} (compared in constant time). */
    static boolean tokenMatches(String authorization, String token) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return false;
        }
        byte[] given = authorization.substring(7).strip().getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(given, token.getBytes(StandardCharsets.UTF_8));
    }

    private static Response error(int status, String code, String message) {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity("{\"error\":{\"code\":\"" + code + "\",\"message\":\"" + message + "\"}}")
                .build();
    }
}
