package dev.warden.hosting.egress.model;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.Objects;

/** Composite key of {@link EgressDay}: instance_id + day. */
public class EgressDayId implements Serializable {

    private static final long serialVersionUID = 1L;

    private Long instanceId;
    private LocalDate day;

    public EgressDayId() {}

    public EgressDayId(Long instanceId, LocalDate day) {
        this.instanceId = instanceId;
        this.day = day;
    }

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

    @Override
    public boolean equals(Object o) {
        return o instanceof EgressDayId other
                && Objects.equals(instanceId, other.instanceId)
                && Objects.equals(day, other.day);
    }

    @Override
    public int hashCode() {
        return Objects.hash(instanceId, day);
    }
}
