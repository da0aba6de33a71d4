package dev.warden.hosting.apps.model;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * One server instance of a location; maps {@code warden_instances} (docs/architecture.md, "Requirements: Hosting side";
 * docs/hosting-api.md, "Requirements: Instance").
 * <p>
 * {@code server_id} names the server at the infrastructure provider; {@code agent_secret_hash} is the
 * SHA-256 hex of the instance agent's bearer secret (never the secret, and never sent to clients).
 * {@code status} uses the same values as {@link Location} (default pending); {@code deploy_status} is
 * null or one of none, enqueued, deploying, deployed, failed. Deleted with its location.
 */
@Entity
@Table(name = "warden_instances")
public class Instance {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    @Column(name = "id")
    private Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "location_id", nullable = false)
    private Location location;

    @Column(name = "endpoint")
    private String endpoint;

    @Column(name = "status", nullable = false)
    private String status = "pending";

    @Column(name = "deploy_status")
    private String deployStatus;

    @Column(name = "deployed_at")
    private Instant deployedAt;

    @Column(name = "server_id")
    private String serverId;

    @Column(name = "agent_secret_hash")
    private String agentSecretHash;

    @Column(name = "created_at", insertable = false, updatable = false)
    private Instant createdAt;

    public Instance() {}

    public Long getId() {
        return id;
    }

    public void setId(Long id) {
        this.id = id;
    }

    public Location getLocation() {
        return location;
    }

    public void setLocation(Location location) {
        this.location = location;
    }

    public String getEndpoint() {
        return endpoint;
    }

    public void setEndpoint(String endpoint) {
        this.endpoint = endpoint;
    }

    public String getStatus() {
        return status;
    }

    public void setStatus(String status) {
        this.status = status;
    }

    public String getDeployStatus() {
        return deployStatus;
    }

    public void setDeployStatus(String deployStatus) {
        this.deployStatus = deployStatus;
    }

    public Instant getDeployedAt() {
        return deployedAt;
    }

    public void setDeployedAt(Instant deployedAt) {
        this.deployedAt = deployedAt;
    }

    public String getServerId() {
        return serverId;
    }

    public void setServerId(String serverId) {
        this.serverId = serverId;
    }

    public String getAgentSecretHash() {
        return agentSecretHash;
    }

    public void setAgentSecretHash(String agentSecretHash) {
        this.agentSecretHash = agentSecretHash;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public void setCreatedAt(Instant createdAt) {
        this.createdAt = createdAt;
    }
}
