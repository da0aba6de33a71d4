/**
 * {@code /admin-api/rooms}: the operators' routes over live rooms (list, read, kick, lock, state edit, dispose,
 * message, nodes; docs/game-api.md), checked by the standard role rule, policies and the mod scope
 * {@code rooms}. Thin: commands go to {@code dev.warden.rooms}.
 */
package dev.warden.web.rooms;
