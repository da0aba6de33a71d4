package dev.warden.warmup;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Sessions;
import dev.warden.common.Hashing;
import dev.warden.health.HealthState;
import dev.warden.panel.crud.ListQuery;
import dev.warden.panel.crud.Page;
import dev.warden.panel.crud.ResourceRows;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.ResourceRegistry;
import dev.warden.schema.SchemaMigrated;
import dev.warden.schema.SchemaState;
import dev.warden.schema.StartupGuard;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.DependsOn;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptors;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonWriter;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Warms the JIT compiler at start-up (an admin list within 1.3x of its SQL "from a cold start";
 * the first minute after a start ran 2 to 3x slower). After the schema is ready, one thread runs, over and over,
 * until its rounds stop getting faster ({@link WarmUpProgress}) or for at most {@code warden.warm-up.seconds}
 * (default 0: off), what a panel request runs: the session check (with a random
 * cookie value, so it ends in the 401 path without touching a session), the first page of every registered
 * resource as its list request reads it, its JSON written out, and the first row read back; and, over loopback HTTP
 * to this node's own port ({@link LoopbackRequests}), the same lists and a hosting API request with credentials
 * that do not exist, so the HTTP, filter, routing and error-mapping code that every request runs is compiled too (a
 * warm-up in-process alone left the first minute of real requests 2 to 4x slower: bench/RESULTS.md). Nothing is
 * written to the database. While it runs the readiness check {@code warden-warm-up} is DOWN ({@link HealthState}), so a load
 * balancer that follows {@code /health/ready} sends the node no traffic until it is warm; the APIs answer as usual
 * meanwhile. A failure of one resource's list is logged at FINE and the warm-up goes on with the others.
 */
@Singleton
@Startup
@Interceptors(StartupGuard.class)
@DependsOn({"SchemaMigrator", "ResourceRegistry"})
public class WarmUp {

    private static final Logger LOG = Logger.getLogger(WarmUp.class.getName());

    /** A list request's window: the UI's first page. */
    private static final Map<String, List<String>> FIRST_PAGE = Map.of("_start", List.of("0"), "_end", List.of("25"));

    @Inject
    @ConfigProperty(name = "warden.warm-up.seconds", defaultValue = "0")
    int seconds;

    @Inject
    HealthState health;

    @Inject
    SchemaState schema;

    @EJB
    ResourceRegistry registry;

    @EJB
    ResourceRows rows;

    @EJB
    Sessions sessions;

    @Resource
    TimerService timers;

    /** This node's own HTTP port (the server's {@code WARDEN_HTTP_PORT}), for the warm-up's requests over loopback. */
    @Inject
    @ConfigProperty(name = "WARDEN_HTTP_PORT", defaultValue = "9080")
    int httpPort;

    @PostConstruct
    void scheduleAtStartup() {
        if (seconds > 0 && schema.isMigrated()) {
            schedule(0);
        }
    }

    /**
     * The schema became ready only after a retry (no database at start-up): warm up now, a second later, once the
     * other observers (the resource registry's catalog) have run.
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public void onSchemaMigrated(@Observes SchemaMigrated event) {
        if (seconds > 0) {
            schedule(1000);
        }
    }

    private void schedule(long delayMillis) {
        health.warmUpStarted();
        timers.createSingleActionTimer(delayMillis, new TimerConfig("warm-up", false));
    }

    /** The warm-up itself, on a timer thread, outside a transaction (each read runs in its own, as in a request). */
    @Timeout
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void run() {
        long started = System.nanoTime();
        long deadline = started + seconds * 1_000_000_000L;
        List<ResourceDef> resources = new ArrayList<>(registry.all());
        LOG.info(() -> "Warm-up: running the panel's request paths for " + seconds + " s over " + resources.size()
                + " resources before reporting ready (warden.warm-up.seconds)");
        int rounds = 0;
        int failures = 0;
        boolean steady = false;
        WarmUpProgress progress = new WarmUpProgress();
        LoopbackRequests http = new LoopbackRequests(httpPort);
        try {
            while (!steady && System.nanoTime() < deadline) {
                long roundStarted = System.nanoTime();
                rounds++;
                checkSession();
                for (ResourceDef resource : resources) {
                    if (!warm(resource)) {
                        failures++;
                    }
                    http.refusedList(resource.key());
                }
                http.refusedHostingRequest();
                long now = System.nanoTime();
                // rounds count once the HTTP part runs (or ended for good): before, they skip it and are faster
                steady = http.settled() && progress.round(now - started, now - roundStarted);
            }
        } finally {
            long millis = (System.nanoTime() - started) / 1_000_000;
            String summary = rounds + " rounds over " + resources.size() + " resources in " + millis + " ms"
                    + (steady
                            ? " (steady: no round 10% faster for 4 s; fastest " + progress.fastest() / 1_000_000
                                    + " ms)"
                            : "")
                    + (failures > 0 ? ", " + failures + " failed lists (FINE log)" : "") + http.summary();
            health.warmUpDone(summary);
            LOG.info(() -> "Warm-up: done, " + summary + "; ready");
        }
    }

    private void checkSession() {
        // an unknown session: the refusal path, as for a request with a stale cookie
        sessions.check(Hashing.randomToken(32));
    }

    /** One list of {@code resource}'s first page, written as JSON, and its first row read back; false on failure. */
    private boolean warm(ResourceDef resource) {
        try {
            Page page = rows.list(resource, ListQuery.parse(FIRST_PAGE, resource));
            write(page.rows());
            if (!page.rows().isEmpty()) {
                JsonObject first = page.rows().getJsonObject(0);
                write(JSON.createArrayBuilder()
                        .add(rows.read(resource, first.getString("_id")))
                        .build());
            }
            return true;
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, e, () -> "Warm-up: listing " + resource.key() + " failed");
            return false;
        }
    }

    private static void write(JsonArray rows) {
        try (JsonWriter writer = JSON.createWriter(OutputStream.nullOutputStream())) {
            writer.writeArray(rows);
        }
    }
}
