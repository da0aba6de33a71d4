package dev.warden.panel.jobs;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.audit.AuditTrail;
import jakarta.batch.api.listener.AbstractJobListener;
import jakarta.batch.runtime.BatchStatus;
import jakarta.batch.runtime.context.JobContext;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;

/**
 * The start and end of {@code warden-job} (docs/admin-api.md, "Jobs" rule 5): marks the {@code warden_jobs} row running,
 * then done, failed or cancelled, records {@code job.started} (or {@code job.resumed} when {@link JobRecovery} took it
 * over) and {@code job.finished} (with the counts) through
 * {@link AuditTrail}, gives the node's slot back and tells the live stream.
 */
@Named("jobLifecycle")
@Dependent
public class JobLifecycle extends AbstractJobListener {

    @Inject
    JobContext context;

    @EJB
    JobStore store;

    @Inject
    AuditTrail trail;

    @Inject
    JobSlots slots;

    @Inject
    JobEvents events;

    @EJB
    JobRecovery recovery;

    @Override
    public void beforeJob() {
        long jobId = JobItemReader.jobId(context);
        boolean resumed =
                store.find(jobId).map(job -> job.status().equals("running")).orElse(false);
        store.start(jobId, recovery.node());
        store.find(jobId)
                .ifPresent(job -> trail.afterCommit(new AuditRecord(
                        job.createdBy(),
                        resumed ? "job.resumed" : "job.started",
                        job.resource(),
                        String.valueOf(job.id()),
                        JSON.createObjectBuilder()
                                .add("job_id", job.id())
                                .add("kind", job.kind())
                                .add("total", job.total())
                                .build())));
        events.progress(jobId);
    }

    @Override
    public void afterJob() {
        long jobId = JobItemReader.jobId(context);
        try {
            boolean cancelled = store.cancelRequested(jobId);
            BatchStatus batch = context.getBatchStatus();
            boolean failed = batch == BatchStatus.FAILED || batch == BatchStatus.ABANDONED;
            store.finish(jobId, cancelled ? "cancelled" : failed ? "failed" : "done");
            store.find(jobId)
                    .ifPresent(job -> trail.afterCommit(new AuditRecord(
                            job.createdBy(),
                            "job.finished",
                            job.resource(),
                            String.valueOf(job.id()),
                            JSON.createObjectBuilder()
                                    .add("job_id", job.id())
                                    .add("kind", job.kind())
                                    .add("status", job.status())
                                    .add("total", job.total())
                                    .add("processed", job.processed())
                                    .add("failed", job.failed())
                                    .build())));
            events.progress(jobId);
        } finally {
            slots.release();
        }
    }
}
