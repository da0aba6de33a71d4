package dev.warden.rooms;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs tasks one at a time, in submission order, on a shared pool: a room's "single thread" without a thread
 * per room. A task's exception is logged and does not stop later tasks.
 */
final class SerialExecutor implements Executor {

    private static final Logger LOG = Logger.getLogger(SerialExecutor.class.getName());
    private static final int BATCH = 64;

    private final Executor pool;
    private final String name;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean running = new AtomicBoolean();

    SerialExecutor(Executor pool, String name) {
        this.pool = pool;
        this.name = name;
    }

    @Override
    public void execute(Runnable task) {
        tasks.add(task);
        schedule();
    }

    private void schedule() {
        if (running.compareAndSet(false, true)) {
            try {
                pool.execute(this::drain);
            } catch (RuntimeException e) {
                running.set(false);
                throw e;
            }
        }
    }

    private void drain() {
        try {
            Runnable task;
            int n = 0;
            while (n++ < BATCH && (task = tasks.poll()) != null) {
                try {
                    task.run();
                } catch (RuntimeException | Error e) {
                    LOG.log(Level.WARNING, "Room " + name + ": a task failed", e);
                }
            }
        } finally {
            running.set(false);
            if (!tasks.isEmpty()) {
                schedule();
            }
        }
    }
}
