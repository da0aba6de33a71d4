package dev.warden.panel.jobs;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import jakarta.batch.api.chunk.AbstractItemWriter;
import jakarta.batch.runtime.context.JobContext;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The writer of {@code warden-job} (docs/admin-api.md, "Jobs" rule 4): applies each item of a chunk through
 * {@link JobRowWork}, each in a transaction of its own, as the operator who submitted the job, whose roles are read
 * again for every chunk (a revoked role stops the rest of the job row by row). A refused or failed row becomes an
 * error row with its message; it never stops the job.
 */
@Named("jobItemWriter")
@Dependent
public class JobItemWriter extends AbstractItemWriter {

    private static final Logger LOG = Logger.getLogger(JobItemWriter.class.getName());

    @Inject
    JobContext context;

    @EJB
    JobStore store;

    @EJB
    JobRowWork work;

    @Inject
    JobEvents events;

    private JobStore.Job job;

    @Override
    public void open(Serializable checkpoint) {
        long jobId = JobItemReader.jobId(context);
        job = store.find(jobId).orElseThrow(() -> new IllegalStateException("No job " + jobId));
    }

    @Override
    public void writeItems(List<Object> items) {
        Optional<Operator> operator = work.operator(job.createdBy());
        for (Object item : items) {
            JobStore.Item one = (JobStore.Item) item;
            if (operator.isEmpty()) {
                store.failed(job.id(), one.seq(), "The job's operator may no longer use the panel");
                continue;
            }
            try {
                work.apply(job, operator.get(), one);
            } catch (ApiException e) {
                store.failed(job.id(), one.seq(), e.getMessage());
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Job " + job.id() + ", item " + one.seq() + " failed", e);
                store.failed(job.id(), one.seq(), "The row could not be changed (server error)");
            }
        }
        events.progress(job.id());
    }
}
