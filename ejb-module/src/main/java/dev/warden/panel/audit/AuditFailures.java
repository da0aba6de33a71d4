package dev.warden.panel.audit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Where a failed audit write from Warden's own code ({@link AuditWriter}) ends up: logged at WARNING with the entry's
 * action, resource, target and operator (never its payload), counted here, and announced as a
 * {@link Failed} CDI event, which {@link AuditFailureMetric} turns into the metric {@value #METRIC} where the
 * server offers MicroProfile Metrics (Liberty; Prometheus: {@code warden_audit_write_failures_total} under
 * {@code /metrics}). This class itself needs no metrics API, so it deploys on WildFly too, which has none
 * (docs/wildfly.md). docs/admin-api.md, "Audit recording from own code": the panel logs audit-write failures
 * without propagating them, so a failed audit write never fails a committed mutation.
 */
@ApplicationScoped
public class AuditFailures {

    /** The counter's name. */
    public static final String METRIC = "warden.audit.write.failures";

    private static final Logger LOG = Logger.getLogger(AuditFailures.class.getName());

    /** One audit entry that could not be written. */
    public record Failed(AuditRecord entry) {}

    private final AtomicLong count = new AtomicLong();

    @Inject
    Event<Failed> failures;

    /** Logs and counts one audit entry that could not be written. */
    public void failed(AuditRecord entry, RuntimeException cause) {
        count.incrementAndGet();
        LOG.log(
                Level.WARNING,
                "Audit entry " + entry.action() + " on " + entry.resource() + " " + entry.targetId() + " (operator "
                        + entry.operatorId() + ") not written",
                cause);
        try {
            failures.fire(new Failed(entry));
        } catch (RuntimeException metricFailure) {
            LOG.log(Level.FINE, "audit failure metric not updated", metricFailure);
        }
    }

    /** Failures counted since start. */
    public long count() {
        return count.get();
    }
}
