package dev.warden.hosting.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class MetricPartitionsTest {

    @Test
    void partitionNamesCarryTheirUtcDay() {
        LocalDate day = LocalDate.parse("2026-11-21");
        assertEquals("warden_metric_samples_p20261121", MetricPartitions.partitionName(day));
        assertEquals(day, MetricPartitions.dayOf("warden_metric_samples_p20261121"));
    }

    @Test
    void otherTablesAreNeverTakenForPartitions() {
        assertNull(MetricPartitions.dayOf("warden_metric_samples_default"));
        assertNull(MetricPartitions.dayOf("warden_metric_samples_p2026112"));
        assertNull(MetricPartitions.dayOf("warden_egress_days"));
    }
}
