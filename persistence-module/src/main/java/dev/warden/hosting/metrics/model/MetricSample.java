package dev.warden.hosting.metrics.model;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/**
 * One current-metrics sample pushed by an instance agent; maps {@code warden_metric_samples} (docs/architecture.md, "Requirements: Hosting side";
 * docs/hosting-api.md, "Requirements: Current metrics").
 * <p>
 * The table is range-partitioned by UTC day of {@code sampled_at} (partitions created ahead and dropped after
 * 35 days by {@code MetricPartitions}); the key is (instance_id, sampled_at), so a replayed report is a no-op.
 * Written with native SQL by the agent ingestion ({@code AgentIngestion}); {@code processes} is JSON text
 * (an array of Process objects), read-only to JPA. {@code sampled_at} is an {@link OffsetDateTime} because
 * attribute converters do not apply to id attributes.
 */
@Entity
@Table(name = "warden_metric_samples")
@IdClass(MetricSampleId.class)
public class MetricSample {

    @Id
    @Column(name = "instance_id")
    private Long instanceId;

    @Id
    @Column(name = "sampled_at")
    private OffsetDateTime sampledAt;

    @Column(name = "ccu", nullable = false)
    private int ccu;

    @Column(name = "rooms", nullable = false)
    private int rooms;

    @Column(name = "cpu_percent", nullable = false)
    private double cpuPercent;

    @Column(name = "memory_percent", nullable = false)
    private double memoryPercent;

    @Column(name = "processes", columnDefinition = "jsonb", insertable = false, updatable = false)
    private String processes;

    public MetricSample() {}

    public Long getInstanceId() {
        return instanceId;
    }

    public void setInstanceId(Long instanceId) {
        this.instanceId = instanceId;
    }

    public OffsetDateTime getSampledAt() {
        return sampledAt;
    }

    public void setSampledAt(OffsetDateTime sampledAt) {
        this.sampledAt = sampledAt;
    }

    public int getCcu() {
        return ccu;
    }

    public void setCcu(int ccu) {
        this.ccu = ccu;
    }

    public int getRooms() {
        return rooms;
    }

    public void setRooms(int rooms) {
        this.rooms = rooms;
    }

    public double getCpuPercent() {
        return cpuPercent;
    }

    public void setCpuPercent(double cpuPercent) {
        this.cpuPercent = cpuPercent;
    }

    public double getMemoryPercent() {
        return memoryPercent;
    }

    public void setMemoryPercent(double memoryPercent) {
        this.memoryPercent = memoryPercent;
    }

    public String getProcesses() {
        return processes;
    }

    public void setProcesses(String processes) {
        this.processes = processes;
    }
}
