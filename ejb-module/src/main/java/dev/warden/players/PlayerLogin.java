package dev.warden.players;

import jakarta.json.JsonObject;

/**
 * The answer of player sign-in or registration.
 *
 * @param token     the opaque bearer token (shown once; only its SHA-256 is stored)
 * @param expiresIn seconds the token stays valid
 * @param user      {@code {id, email, display_name}}
 */
public record PlayerLogin(String token, long expiresIn, JsonObject user) {}
