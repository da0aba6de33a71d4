package dev.warden.panel.jobs;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.panel.audit.Recorded;
import dev.warden.panel.live.LivePublisher;
import jakarta.batch.api.chunk.AbstractItemWriter;
import jakarta.batch.runtime.context.JobContext;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The writer of {@code warden-job} (docs/admin-api.md, "Jobs" rule 4): applies the items of a chunk through
 * {@link JobRowWork} as the operator who submitted the job, whose roles are read again at the first chunk after
 * {@value #OPERATOR_MILLIS} ms (a revoked role stops the rest of the job row by row). An update, delete, import or
 * revert applies the whole chunk in one transaction ({@link JobRowWork#applyChunk}; an update's, delete's or import's
 * rows set-based where they can be); when a row is refused or fails, that transaction rolls back, the rows before it
 * are applied again in one, the row becomes an error row with its message, and the rest goes on the same way. An
 * action job applies each row in a transaction of its own, because a handler may act outside the database and must not
 * run again for a row. A refused or failed row never stops the job. The live stream hears of the job's progress at
 * most every {@value #PROGRESS_MILLIS} ms (its start and end always, {@link JobLifecycle}).
 */
@Named("jobItemWriter")
@Dependent
public class JobItemWriter extends AbstractItemWriter {

    private static final Logger LOG = Logger.getLogger(JobItemWriter.class.getName());

    /** How long the operator's roles, as read, apply to the next chunks (docs/admin-api.md, "Jobs" rule 4). */
    static final long OPERATOR_MILLIS = 5_000;

    /** The least time between two progress events of a running job (docs/admin-api.md, "Jobs" rule 11). */
    static final long PROGRESS_MILLIS = 500;

    @Inject
    JobContext context;

    @EJB
    JobStore store;

    @EJB
    JobRowWork work;

    @Inject
    JobEvents events;

    @Inject
    Event<Recorded> recorded;

    @Inject
    LivePublisher live;

    private JobStore.Job job;

    private Optional<Operator> operator;
    private long operatorRead;
    private long progressSent;

    @Override
    public void open(Serializable checkpoint) {
        long jobId = JobItemReader.jobId(context);
        job = store.find(jobId).orElseThrow(() -> new IllegalStateException("No job " + jobId));
    }

    @Override
    public void writeItems(List<Object> items) {
        long now = System.currentTimeMillis();
        if (operator == null || now - operatorRead >= OPERATOR_MILLIS) {
            operator = work.operator(job.createdBy());
            operatorRead = now;
        }
        List<JobStore.Item> chunk =
                items.stream().map(JobStore.Item.class::cast).toList();
        if (operator.isEmpty()) {
            for (JobStore.Item one : chunk) {
                store.failed(job.id(), one.seq(), "The job's operator may no longer use the panel");
            }
        } else if (job.kind().equals("action")) {
            rowByRow(operator.get(), chunk);
        } else {
            inOneTransaction(operator.get(), chunk);
        }
        if (now - progressSent >= PROGRESS_MILLIS) {
            events.progress(job.id());
            progressSent = now;
        }
    }

    private void inOneTransaction(Operator operator, List<JobStore.Item> chunk) {
        int from = 0;
        int to = chunk.size();
        boolean setBased = true;
        while (from < chunk.size()) {
            try {
                announce(work.applyChunk(job, operator, List.copyOf(chunk.subList(from, to)), setBased));
                from = to;
                to = chunk.size();
            } catch (ChunkRowFailed e) {
                setBased = false; // the rest of this chunk row by row, in one transaction at a time
                if (e.index() < 0) {
                    continue; // the set-based write failed: the same rows again, one by one
                } else if (e.index() == 0) {
                    store.failed(job.id(), chunk.get(from).seq(), e.getMessage());
                    from++;
                    to = chunk.size();
                } else {
                    to = from + e.index(); // the rows before the failed one, then the failed one alone
                }
            } catch (RuntimeException e) {
                // the chunk's own writes failed (its audit entries, its items): nothing was written; row by row
                LOG.log(Level.WARNING, "Job " + job.id() + ": a chunk failed, its rows go one by one", e);
                rowByRow(operator, chunk.subList(from, chunk.size()));
                return;
            }
        }
    }

    private void rowByRow(Operator operator, List<JobStore.Item> chunk) {
        for (JobStore.Item one : chunk) {
            try {
                work.apply(job, operator, one);
            } catch (ApiException e) {
                store.failed(job.id(), one.seq(), e.getMessage());
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Job " + job.id() + ", item " + one.seq() + " failed", e);
                store.failed(job.id(), one.seq(), JobRowWork.SERVER_ERROR);
            }
        }
    }

    /** After a chunk committed: its webhook events were queued with its entries; wake delivery, publish live events. */
    private void announce(List<Recorded> entries) {
        if (entries.isEmpty()) {
            return;
        }
        for (Recorded entry : entries) {
            recorded.fire(entry);
        }
        live.committed(
                entries.stream().map(Recorded::change).filter(c -> c != null).toList());
    }
}
