/**
 * The game clients' API {@code /game-api/v1} (docs/game-api.md): player sign-in and registration, and the
 * Jakarta WebSocket endpoints of the rooms with the handshake's token and client address. Thin: the rules live in
 * {@code dev.warden.players} and {@code dev.warden.rooms}.
 */
package dev.warden.web.game;
