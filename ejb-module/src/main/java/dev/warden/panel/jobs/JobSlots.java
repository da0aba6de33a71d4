package dev.warden.panel.jobs;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How many jobs this node runs at once: at most {@code warden.jobs.max-per-node} (docs/configuration.md, "Jobs").
 * A slot is taken when a job is submitted here and given back when it ends.
 */
@ApplicationScoped
public class JobSlots {

    private final AtomicInteger running = new AtomicInteger();

    @Inject
    @ConfigProperty(name = "warden.jobs.max-per-node", defaultValue = "2")
    int maxPerNode;

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

    /** Gives a slot back. */
    public void release() {
        running.updateAndGet(n -> Math.max(0, n - 1));
    }

    /** The configured maximum. */
    public int max() {
        return maxPerNode;
    }
}
