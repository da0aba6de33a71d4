/**
 * The rooms bus between nodes over PostgreSQL {@code LISTEN}/{@code NOTIFY}
 * (docs/game-api.md, "Requirements: Across nodes" rules 3 to 5; docs/decisions/rooms-bus-over-listen-notify.md):
 * the protocol ({@code RoomBus}), its
 * listener connection ({@code BusListener}), the sending side with large messages stored in
 * {@code warden_room_messages} ({@code BusWire}), the JSON of a room command ({@code BusCodec}, the only place a
 * {@code dev.warden.rooms.RoomCommand} is encoded; docs/decisions/room-commands-as-types.md), the answer envelopes
 * ({@code BusAnswers}), and a user's game sockets on every node ({@code UserSockets}: closed on ban, unban and
 * revoke-sessions, listed in the Active sessions tab). Depends on the room runtime, never on
 * {@code dev.warden.rooms.admin}.
 */
package dev.warden.rooms.bus;
