package dev.warden.panel.audit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * The MicroProfile Metrics counter {@value AuditFailures#METRIC} ({@code warden_audit_write_failures_total}),
 * incremented for each {@link AuditFailures.Failed} event. Only where the server offers MicroProfile Metrics
 * (Liberty's mpMetrics): on a server without its API (WildFly 39) CDI skips this class and the failures are
 * logged and counted by {@link AuditFailures} only. To be replaced by a portable OpenTelemetry metric.
 */
@ApplicationScoped
public class AuditFailureMetric {

    private Counter counter;

    @Inject
    void register(MetricRegistry metrics) {
        counter = metrics.counter(Metadata.builder()
                .withName(AuditFailures.METRIC)
                .withDescription("Audit entries the panel could not write (the mutation itself was committed)")
                .build());
    }

    void onFailure(@Observes AuditFailures.Failed failure) {
        counter.inc();
    }
}
