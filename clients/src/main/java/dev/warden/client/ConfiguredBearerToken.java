package dev.warden.client;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.Optional;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * For an injected {@link HostingApi}: adds {@code Authorization: Bearer <warden.hosting.token>} from MicroProfile
 * Config when the request has no {@code Authorization} yet. Does nothing without MicroProfile Config or the key
 * (then {@link BearerToken}, as registered by {@link HostingApi#create}, supplies the token).
 */
public final class ConfiguredBearerToken implements ClientRequestFilter {

    /** The MicroProfile Config key holding the API token. */
    public static final String TOKEN_KEY = "warden.hosting.token";

    @Override
    public void filter(ClientRequestContext request) {
        if (request.getHeaders().containsKey(HttpHeaders.AUTHORIZATION)) {
            return;
        }
        token().ifPresent(t -> request.getHeaders().putSingle(HttpHeaders.AUTHORIZATION, "Bearer " + t));
    }

    private static Optional<String> token() {
        try {
            return ConfigProvider.getConfig().getOptionalValue(TOKEN_KEY, String.class);
        } catch (RuntimeException | LinkageError e) {
            return Optional.empty(); // no MicroProfile Config implementation here
        }
    }
}
