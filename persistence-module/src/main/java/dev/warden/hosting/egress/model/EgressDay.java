package dev.warden.hosting.egress.model;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Egress of one instance on one UTC day, copied hourly from the infrastructure provider; maps
 * {@code warden_egress_days} (docs/architecture.md, "Requirements: Hosting side"; docs/hosting-api.md, "Requirements: Egress").
 * <p>
 * The copy upserts on (instance_id, day) and sets {@code collected_at} to the copy time; a failed copy writes
 * nothing. Bytes are non-negative. Kept 35 days (MetricPartitions deletes older days).
 */
@Entity
@Table(name = "warden_egress_days")
@IdClass(EgressDayId.class)
public class EgressDay {

    @Id
    @Column(name = "instance_id")
    private Long instanceId;

    @Id
    @Column(name = "day")
    private LocalDate day;

    @Column(name = "outgoing_bytes", nullable = false)
    private long outgoingBytes;

    @Column(name = "incoming_bytes", nullable = false)
    private long incomingBytes;

    @Column(name = "collected_at", nullable = false)
    private Instant collectedAt;

    public EgressDay() {}

    public Long getInstanceId() {
        return instanceId;
    }

    public void setInstanceId(Long instanceId) {
        this.instanceId = instanceId;
    }

    public LocalDate getDay() {
        return day;
    }

    public void setDay(LocalDate day) {
        this.day = day;
    }

    public long getOutgoingBytes() {
        return outgoingBytes;
    }

    public void setOutgoingBytes(long outgoingBytes) {
        this.outgoingBytes = outgoingBytes;
    }

    public long getIncomingBytes() {
        return incomingBytes;
    }

    public void setIncomingBytes(long incomingBytes) {
        this.incomingBytes = incomingBytes;
    }

    public Instant getCollectedAt() {
        return collectedAt;
    }

    public void setCollectedAt(Instant collectedAt) {
        this.collectedAt = collectedAt;
    }
}
