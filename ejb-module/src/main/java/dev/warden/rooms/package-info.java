/**
 * Live rooms (docs/game-api.md): the {@code RoomType} extension interface and the built-in
 * {@code lobby}, rooms kept in memory on the node that hosts them (a serial executor per room, state patches batched
 * at the type's patch rate and encoded once per room, exact max clients, locking, reconnection grace), their
 * {@code warden_rooms} rows with heartbeats, the operators' commands with their {@code room.*} audit entries, and
 * closing a user's sockets on ban, unban and revoke-sessions. No JAX-RS or WebSocket API types: the endpoints are
 * in {@code dev.warden.web.game} and {@code dev.warden.web.rooms}.
 */
package dev.warden.rooms;
