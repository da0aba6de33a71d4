package dev.warden.panel.jobs;

import jakarta.batch.api.chunk.AbstractItemReader;
import jakarta.batch.runtime.BatchRuntime;
import jakarta.batch.runtime.context.JobContext;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The reader of {@code warden-job} (docs/decisions/jobs-on-jakarta-batch.md): the pending items of the job named by the
 * job parameter {@value #JOB_ID}, in sequence order, a page at a time. Its checkpoint is the last item's sequence
 * number, so a restarted job reads on from there. It ends early when cancelling the job was asked for, which it
 * looks up at every chunk's checkpoint (docs/admin-api.md, "Jobs": a cancel stops after the current chunk).
 */
@Named("jobItemReader")
@Dependent
public class JobItemReader extends AbstractItemReader {

    /** The job parameter naming the {@code warden_jobs} row. */
    public static final String JOB_ID = "wardenJobId";

    private static final int PAGE = 500;

    @Inject
    JobContext context;

    @EJB
    JobStore store;

    private long jobId;
    private long lastSeq;
    private final Deque<JobStore.Item> page = new ArrayDeque<>();
    private boolean exhausted;
    private boolean checkCancel;

    @Override
    public void open(Serializable checkpoint) {
        jobId = jobId(context);
        lastSeq = checkpoint instanceof Long seq ? seq : 0L;
    }

    @Override
    public Object readItem() {
        if (checkCancel) {
            checkCancel = false;
            if (store.cancelRequested(jobId)) {
                return null;
            }
        }
        if (page.isEmpty()) {
            if (exhausted || store.cancelRequested(jobId)) {
                return null;
            }
            page.addAll(store.next(jobId, lastSeq, PAGE));
            exhausted = page.size() < PAGE;
            if (page.isEmpty()) {
                return null;
            }
        }
        JobStore.Item item = page.poll();
        lastSeq = item.seq();
        return item;
    }

    @Override
    public Serializable checkpointInfo() {
        checkCancel = true;
        return lastSeq;
    }

    /** The {@code warden_jobs} id of the running batch job. */
    static long jobId(JobContext context) {
        return Long.parseLong(BatchRuntime.getJobOperator()
                .getParameters(context.getExecutionId())
                .getProperty(JOB_ID));
    }
}
