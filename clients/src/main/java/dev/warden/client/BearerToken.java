package dev.warden.client;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.Objects;

/** Adds {@code Authorization: Bearer <API token>} to every request (docs/hosting-api.md, "Requirements: Authentication" rule 1). */
public final class BearerToken implements ClientRequestFilter {

    private final String token;

    /** @param token a team API token ({@code wdn_...}) */
    public BearerToken(String token) {
        this.token = Objects.requireNonNull(token, "token");
    }

    @Override
    public void filter(ClientRequestContext request) {
        request.getHeaders().putSingle(HttpHeaders.AUTHORIZATION, "Bearer " + token);
    }
}
