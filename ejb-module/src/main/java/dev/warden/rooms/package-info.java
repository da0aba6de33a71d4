/**
 * The room runtime (docs/game-api.md; docs/game-api.md, "Requirements: Across nodes" rules 1 and 2): the
 * {@code RoomType} extension interface and the built-in {@code lobby}, rooms kept in memory on the node that hosts
 * them (a serial executor per room, state patches batched at the type's patch rate and encoded once per room, exact
 * max clients with seats, locking, reconnection grace), their {@code warden_rooms} rows with heartbeats, the limits
 * against floods, this node's game sockets ({@code LiveSessions}), and the operators' commands as types
 * ({@code RoomCommand}) with the code that runs one on a room of this node ({@code RoomCommands};
 * docs/decisions/room-commands-as-types.md). The bus between nodes is {@code dev.warden.rooms.bus}, the operators'
 * side (authorisation, audit, the list) {@code dev.warden.rooms.admin}; neither is used from here. No JAX-RS or
 * WebSocket API types: the endpoints are in {@code dev.warden.web.game} and {@code dev.warden.web.rooms}.
 */
package dev.warden.rooms;
