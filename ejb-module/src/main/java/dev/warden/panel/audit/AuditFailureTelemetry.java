package dev.warden.panel.audit;

import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * The portable form of the audit-failure counter: the OpenTelemetry counter
 * {@value AuditFailures#METRIC} (unit {@code {entry}}), incremented for each {@link AuditFailures.Failed} event,
 * through MicroProfile Telemetry's {@link Meter} on both servers (Liberty's {@code mpTelemetry-2.1}, WildFly's
 * {@code microprofile-telemetry}). Exported with the other metrics when telemetry is on ({@code OTEL_SDK_DISABLED=false},
 * docs/operations.md, "Telemetry"); a no-op otherwise. On Liberty {@link AuditFailureMetric} also keeps the
 * MicroProfile Metrics counter on {@code /metrics}. Registered at the first failure (the bean is created then).
 */
@ApplicationScoped
public class AuditFailureTelemetry {

    private LongCounter counter;

    @Inject
    void register(Meter meter) {
        counter = meter.counterBuilder(AuditFailures.METRIC)
                .setDescription("Audit entries the panel could not write (the mutation itself was committed)")
                .setUnit("{entry}")
                .build();
    }

    void onFailure(@Observes AuditFailures.Failed failure) {
        counter.add(1);
    }
}
