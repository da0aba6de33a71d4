package dev.warden.rooms.model;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A live room as the cluster sees it; maps {@code warden_rooms} (docs/game-api.md). Written by the node
 * that hosts the room (insert on create, {@code clients}/{@code locked} on change, {@code heartbeat} every few
 * seconds, delete on dispose); read by the admin API's room list. The room's state and clients live only in
 * the hosting node's memory. Registered as the panel resource {@code rooms} so that the role rule, policies and
 * the mod scope {@code rooms} apply to the rooms admin API.
 */
@Entity
@Table(name = "warden_rooms")
public class RoomRow {

    @Id
    @Column(name = "id")
    private String id;

    @Column(name = "type", nullable = false)
    private String type;

    @Column(name = "node", nullable = false)
    private String node;

    @Column(name = "clients", nullable = false)
    private int clients;

    @Column(name = "locked", nullable = false)
    private boolean locked;

    @Column(name = "created_at", insertable = false, updatable = false)
    private Instant createdAt;

    @Column(name = "heartbeat", insertable = false)
    private Instant heartbeat;

    public RoomRow() {}

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public String getType() {
        return type;
    }

    public void setType(String type) {
        this.type = type;
    }

    public String getNode() {
        return node;
    }

    public void setNode(String node) {
        this.node = node;
    }

    public int getClients() {
        return clients;
    }

    public void setClients(int clients) {
        this.clients = clients;
    }

    public boolean isLocked() {
        return locked;
    }

    public void setLocked(boolean locked) {
        this.locked = locked;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public Instant getHeartbeat() {
        return heartbeat;
    }
}
