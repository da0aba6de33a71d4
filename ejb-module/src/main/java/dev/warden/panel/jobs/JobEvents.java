package dev.warden.panel.jobs;

import dev.warden.panel.live.LiveEvents;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Progress of jobs on the live stream {@code GET /admin-api/_jobs/_events} (docs/admin-api.md, "Jobs" rule 7): an
 * {@code updated} event with the job's id whenever a job starts or ends, and after its chunks at most every half second
 * ({@link JobItemWriter}), through the live lists'
 * path ({@link LiveEvents#publish}: every node's streams, never throws). Ids only: a client reads the job itself.
 */
@ApplicationScoped
public class JobEvents {

    /** The stream's resource name in {@code warden_live_events}. */
    public static final String STREAM = LiveEvents.JOBS_STREAM;

    @EJB
    LiveEvents live;

    /** Tells the streams that job {@code jobId} moved. */
    public void progress(long jobId) {
        live.publish(STREAM, "updated", String.valueOf(jobId));
    }
}
