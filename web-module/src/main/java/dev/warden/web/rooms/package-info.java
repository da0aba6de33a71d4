/**
 * {@code /admin-api/rooms}: the operators' routes over live rooms (list, read, kick, lock, state edit, dispose,
 * message, nodes; docs/admin-api.md, "Live rooms"). Thin: each route parses its request into a
 * {@code dev.warden.rooms.RoomCommand} and calls {@code dev.warden.rooms.admin.RoomAdmin}, which authorises, runs
 * and audits it.
 */
package dev.warden.web.rooms;
