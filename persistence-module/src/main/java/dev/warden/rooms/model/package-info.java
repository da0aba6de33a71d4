/**
 * JPA entity of a live room's row ({@code warden_rooms}: id, type, hosting node, clients, lock, heartbeat), the
 * cluster-wide view of rooms that live in memory on their nodes. Entities only.
 */
package dev.warden.rooms.model;
