package dev.warden.players;

/**
 * A signed-in game client: the user behind a valid player token (docs/game-api.md).
 *
 * @param userId      id in {@code warden_users}
 * @param displayName the user's display name, else their email (the label shown in rooms)
 * @param sessionId   id of the {@code warden_sessions} row (SHA-256 hex of the token)
 */
public record Player(long userId, String displayName, String sessionId) {}
