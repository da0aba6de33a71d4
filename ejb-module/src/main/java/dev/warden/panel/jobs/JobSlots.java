package dev.warden.panel.jobs;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How many jobs this node runs at once: at most {@code warden.jobs.max-per-node} (docs/configuration.md, "Jobs").
 * A slot is taken when a job is submitted here and given back when it ends. Also the batch job's parameters a job
 * starts or restarts with ({@link #parameters}), among them its chunk size {@code warden.jobs.chunk-size}.
 */
@ApplicationScoped
public class JobSlots {

    private final AtomicInteger running = new AtomicInteger();

    @Inject
    @ConfigProperty(name = "warden.jobs.max-per-node", defaultValue = "2")
    int maxPerNode;

    /** The batch job parameter holding the chunk size ({@code item-count} of {@code warden-job.xml}). */
    static final String CHUNK_SIZE = "wardenChunkSize";

    /** Rows a job applies in one transaction (docs/configuration.md, "Jobs"); kept within 1 to 10,000. */
    @Inject
    @ConfigProperty(name = "warden.jobs.chunk-size", defaultValue = "500")
    int chunkSize;

    /** Takes a slot; false when every slot is in use. */
    public boolean acquire() {
        while (true) {
            int now = running.get();
            if (now >= maxPerNode) {
                return false;
            }
            if (running.compareAndSet(now, now + 1)) {
                return true;
            }
        }
    }

    /**
     * Takes a slot.
     *
     * @throws ApiException 429 {@code rate_limited} with {@code Retry-After} when every slot is in use
     */
    public void take() {
        if (!acquire()) {
            throw new ApiException(
                    ErrorCode.RATE_LIMITED,
                    "This node runs its maximum of " + maxPerNode + " jobs; retry later",
                    Map.of(),
                    Map.of("Retry-After", "10"));
        }
    }

    /** Gives a slot back. */
    public void release() {
        running.updateAndGet(n -> Math.max(0, n - 1));
    }

    /**
     * The batch job parameters of job {@code jobId} ({@code warden_jobs.id}): the job's id and the chunk size, both
     * read by {@code warden-job.xml} and {@link JobItemReader}.
     */
    public Properties parameters(long jobId) {
        Properties parameters = new Properties();
        parameters.setProperty(JobItemReader.JOB_ID, String.valueOf(jobId));
        parameters.setProperty(CHUNK_SIZE, String.valueOf(Math.max(1, Math.min(10_000, chunkSize))));
        return parameters;
    }

    /** The configured maximum. */
    public int max() {
        return maxPerNode;
    }
}
