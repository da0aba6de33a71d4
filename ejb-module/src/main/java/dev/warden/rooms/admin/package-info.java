/**
 * The operators' side of live rooms
 * (docs/admin-api.md, "Live rooms"; docs/security.md, the {@code /admin-api/rooms} rows):
 * the use case {@code RoomAdmin} (authorise against the panel resource {@code rooms}, run a
 * {@code dev.warden.rooms.RoomCommand} on this node or through the bus, write the {@code room.*} audit entry), the
 * room list's query ({@code RoomQuery}) and the registration of {@code rooms} as a panel resource
 * ({@code RoomsPanel}; docs/decisions/rooms-as-a-panel-resource.md). Called by {@code dev.warden.web.rooms}.
 */
package dev.warden.rooms.admin;
