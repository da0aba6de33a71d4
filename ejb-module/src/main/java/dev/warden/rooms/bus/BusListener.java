package dev.warden.rooms.bus;

import dev.warden.common.sql.PgNotifications;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The listening side of {@link RoomBus}: one dedicated pooled connection that {@code LISTEN}s on {@link
 * RoomBus#CHANNEL}, on a thread from the platform's {@link ManagedThreadFactory}. It waits in
 * {@code getNotifications} up to 500 ms at a time (pgjdbc returns as soon as a notification arrives), hands every
 * payload of the channel to its consumer on the listener thread (which must not block), reconnects with a doubling
 * back-off (0.5 s to 30 s) when the connection breaks, and stops on {@link #stop()}.
 */
final class BusListener {

    private static final Logger LOG = Logger.getLogger(BusListener.class.getName());

    private final DataSource dataSource;
    private final Consumer<String> consumer;
    private final Supplier<String> node;
    private volatile boolean running;
    private volatile boolean listening;
    private volatile Connection listenConnection;
    private Thread listener;

    /** A listener handing payloads to {@code consumer}; {@code node} names this node in log lines. */
    BusListener(DataSource dataSource, Consumer<String> consumer, Supplier<String> node) {
        this.dataSource = dataSource;
        this.consumer = consumer;
        this.node = node;
    }

    /** Starts the listener thread from {@code threads}. */
    void start(ManagedThreadFactory threads) {
        running = true;
        listener = threads.newThread(this::listen);
        listener.setName("warden-rooms-bus");
        listener.setDaemon(true);
        listener.start();
    }

    /** Stops the thread (waiting up to 2 s) and closes its connection. */
    void stop() {
        running = false;
        Thread t = listener;
        if (t != null) {
            t.interrupt();
            try {
                t.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Connection c = listenConnection;
        if (c != null) {
            try {
                c.close();
            } catch (SQLException e) {
                LOG.log(Level.FINE, "Rooms bus: closing the listener connection failed", e);
            }
        }
    }

    /** True while the listener connection is up. */
    boolean listening() {
        return listening;
    }

    private void listen() {
        long backoff = 500;
        while (running) {
            try (Connection c = dataSource.getConnection()) {
                listenConnection = c;
                PgNotifications notes = PgNotifications.of(c);
                try (Statement s = c.createStatement()) {
                    s.execute("LISTEN " + RoomBus.CHANNEL);
                }
                if (!c.getAutoCommit()) {
                    c.commit();
                }
                listening = true;
                backoff = 500;
                LOG.info(() -> "Rooms bus: node " + node.get() + " listening on " + RoomBus.CHANNEL);
                while (running) {
                    for (PgNotifications.Note note : notes.poll(500)) {
                        if (RoomBus.CHANNEL.equals(note.channel())) {
                            consumer.accept(note.payload());
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (!running) {
                    break;
                }
                long wait = backoff;
                LOG.log(
                        Level.WARNING,
                        "Rooms bus: listener connection failed (" + e.getMessage() + "); retrying in " + wait + " ms");
                sleep(wait);
                backoff = Math.min(backoff * 2, 30_000);
            } finally {
                listening = false;
                listenConnection = null;
            }
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
