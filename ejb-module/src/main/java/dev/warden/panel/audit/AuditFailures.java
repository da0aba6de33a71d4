package dev.warden.panel.audit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Where a failed audit write from the panel's own endpoints ends up: logged at WARNING with the entry's
 * action, resource, target and operator (never its payload), and counted in the MicroProfile Metrics counter
 * {@value #METRIC} (Prometheus: {@code warden_audit_write_failures_total} under {@code /metrics}).
 * spec/admin-panel.md, "Audit recording from own code": the panel logs audit-write failures without
 * propagating them, so a failed audit write never fails a committed mutation.
 */
@ApplicationScoped
public class AuditFailures {

    /** The counter's name. */
    public static final String METRIC = "warden.audit.write.failures";

    private static final Logger LOG = Logger.getLogger(AuditFailures.class.getName());

    private Counter counter;

    @Inject
    void register(MetricRegistry metrics) {
        counter = metrics.counter(Metadata.builder().withName(METRIC)
                .withDescription("Audit entries the panel could not write (the mutation itself was committed)")
                .build());
    }

    /** Logs and counts one audit entry that could not be written. */
    public void failed(AuditRecord entry, RuntimeException cause) {
        counter.inc();
        LOG.log(Level.WARNING, "Audit entry " + entry.action() + " on " + entry.resource() + " " + entry.targetId()
                + " (operator " + entry.operatorId() + ") not written", cause);
    }

    /** Failures counted since start. */
    public long count() {
        return counter.getCount();
    }
}
