package dev.warden.panel.audit.model;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * One admin-panel audit record; maps {@code warden_admin_audit} (docs/admin-api.md, "Built-in tables").
 * <p>
 * Append-only: rows are inserted and pruned (DELETE of old rows by AuditLog.prune), never updated; a
 * database trigger rejects any UPDATE, so every column here is {@code updatable = false}.
 * {@code operatorId} is a plain column with no foreign key by design: a deleted operator keeps their
 * entries. {@code payload} is JSON text.
 */
@Entity
@Table(name = "warden_admin_audit")
public class AuditEntry {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    @Column(name = "id", updatable = false)
    private Long id;

    @Column(name = "created_at", insertable = false, updatable = false)
    private Instant createdAt;

    @Column(name = "operator_id", updatable = false)
    private Long operatorId;

    @Column(name = "action", nullable = false, updatable = false)
    private String action;

    @Column(name = "resource", nullable = false, updatable = false)
    private String resource;

    @Column(name = "target_id", updatable = false)
    private String targetId;

    // JSON column: written by generic SQL elsewhere, read-only to JPA.
    @Column(name = "payload", columnDefinition = "jsonb", insertable = false, updatable = false)
    private String payload;

    public AuditEntry() {}

    public Long getId() {
        return id;
    }

    public void setId(Long id) {
        this.id = id;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public void setCreatedAt(Instant createdAt) {
        this.createdAt = createdAt;
    }

    public Long getOperatorId() {
        return operatorId;
    }

    public void setOperatorId(Long operatorId) {
        this.operatorId = operatorId;
    }

    public String getAction() {
        return action;
    }

    public void setAction(String action) {
        this.action = action;
    }

    public String getResource() {
        return resource;
    }

    public void setResource(String resource) {
        this.resource = resource;
    }

    public String getTargetId() {
        return targetId;
    }

    public void setTargetId(String targetId) {
        this.targetId = targetId;
    }

    public String getPayload() {
        return payload;
    }

    public void setPayload(String payload) {
        this.payload = payload;
    }
}
