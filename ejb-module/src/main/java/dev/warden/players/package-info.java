/**
 * Players: game clients' sign-in, registration and bearer tokens under {@code /game-api/v1/auth} (docs/game-api.md).
 * A player is a {@code warden_users} row (usually with no role row); its tokens are
 * {@code warden_sessions} rows of kind {@code player}.
 */
package dev.warden.players;
