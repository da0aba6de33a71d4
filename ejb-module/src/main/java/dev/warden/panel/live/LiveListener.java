package dev.warden.panel.live;

import dev.warden.common.sql.PgNotifications;
import dev.warden.common.sql.Sql;
import dev.warden.schema.StartupGuard;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptors;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The one PostgreSQL listener connection of this node: {@code LISTEN warden_live} on a
 * connection of its own, held by a thread of the platform's {@link ManagedThreadFactory}, handing every event of
 * every node to the subscribers (the web module's SSE streams). Reconnects after a failure (2 s pause), and
 * deletes events older than {@code warden.live.retention-minutes} once a minute.
 *
 * <p>The notifications are read with {@link PgNotifications}, as the rooms' command bus reads its own.
 * docs/decisions/live-lists.md says why one shared listener connection with the rooms' commands would be the next step.
 */
@Singleton
@Startup
@Interceptors(StartupGuard.class)
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class LiveListener {

    private static final Logger LOG = Logger.getLogger(LiveListener.class.getName());
    private static final int POLL_MILLIS = 5_000;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @Resource
    ManagedThreadFactory threads;

    @EJB
    LiveEvents events;

    @Inject
    @ConfigProperty(name = "warden.live.retention-minutes", defaultValue = "10")
    int retentionMinutes;

    private final List<Consumer<LiveEvent>> subscribers = new CopyOnWriteArrayList<>();
    private volatile boolean running;
    private volatile Connection connection;
    private Thread thread;

    @PostConstruct
    void start() {
        running = true;
        thread = threads.newThread(this::loop);
        thread.setName("warden-live-listener");
        thread.setDaemon(true);
        thread.start();
    }

    @PreDestroy
    void stop() {
        running = false;
        Connection c = connection;
        if (c != null) {
            try {
                c.close();
            } catch (SQLException e) {
                LOG.log(Level.FINE, "Closing the live listener connection", e);
            }
        }
        if (thread != null) {
            thread.interrupt();
        }
    }

    /** Adds a subscriber; it is called on the listener thread and must not block. */
    public void subscribe(Consumer<LiveEvent> subscriber) {
        subscribers.add(subscriber);
    }

    /** Removes a subscriber added by {@link #subscribe}. */
    public void unsubscribe(Consumer<LiveEvent> subscriber) {
        subscribers.remove(subscriber);
    }

    /** Hands {@code event} to every subscriber (a failing one is logged and skipped). */
    void dispatch(LiveEvent event) {
        for (Consumer<LiveEvent> subscriber : subscribers) {
            try {
                subscriber.accept(event);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "A live-list subscriber failed on event " + event.id() + ": " + e, e);
            }
        }
    }

    private void loop() {
        long lastPrune = 0;
        int failures = 0;
        while (running) {
            try (Connection c = dataSource.getConnection()) {
                connection = c;
                PgNotifications notes = PgNotifications.of(c);
                try (Statement s = c.createStatement()) {
                    s.execute("LISTEN " + LiveEvents.CHANNEL);
                }
                LOG.fine("Live listener connected");
                failures = 0;
                while (running) {
                    for (PgNotifications.Note note : notes.poll(POLL_MILLIS)) {
                        LiveEvent.parse(note.payload()).ifPresent(this::dispatch);
                    }
                    if (System.currentTimeMillis() - lastPrune > 60_000) {
                        lastPrune = System.currentTimeMillis();
                        try {
                            events.prune(retentionMinutes);
                        } catch (RuntimeException e) {
                            LOG.log(Level.FINE, "Pruning live events failed (schema not ready?)", e);
                        }
                    }
                }
            } catch (Exception e) {
                if (running) {
                    // once per outage at INFO (the database may be down for a while: StartWithoutDatabaseIT)
                    LOG.log(
                            failures++ == 0 ? Level.INFO : Level.FINE,
                            "Live listener has no connection, retrying every 2 s: " + e);
                    try {
                        Thread.sleep(2_000);
                    } catch (InterruptedException interrupted) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            } finally {
                connection = null;
            }
        }
    }
}
