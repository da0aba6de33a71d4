package dev.warden.hosting.metrics.model;

import java.io.Serializable;
import java.time.OffsetDateTime;
import java.util.Objects;

/** Composite key of {@link MetricSample}: instance_id + sampled_at. */
public class MetricSampleId implements Serializable {

    private static final long serialVersionUID = 1L;

    private Long instanceId;
    private OffsetDateTime sampledAt;

    public MetricSampleId() {}

    public MetricSampleId(Long instanceId, OffsetDateTime sampledAt) {
        this.instanceId = instanceId;
        this.sampledAt = sampledAt;
    }

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

    @Override
    public boolean equals(Object o) {
        return o instanceof MetricSampleId other
                && Objects.equals(instanceId, other.instanceId)
                && Objects.equals(
                        sampledAt == null ? null : sampledAt.toInstant(),
                        other.sampledAt == null ? null : other.sampledAt.toInstant());
    }

    @Override
    public int hashCode() {
        return Objects.hash(instanceId, sampledAt == null ? null : sampledAt.toInstant());
    }
}
