package dev.warden.simulator;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The simulated instances' agents pushing one current-metrics report a minute each to Warden's agent
 * ingestion API: {@code POST {warden}/agent/v1/instances/{id}/reports} with {@code Authorization: Bearer
 * <warden.demo.agent-secret>} (docs/architecture.md, "Requirements: Hosting side" rule 4). Failures (Warden down, 401, 404 while the endpoint
 * does not exist yet) are tolerated and logged as at most one warning a minute.
 *
 * <p>Config: {@code simulator.instances} (N, default 4: Warden instance ids 1..N, the demo's ready
 * instances on a fresh database), or {@code simulator.instance-ids} (comma list, wins when set); 0 or an
 * empty list turns reporting off. {@code simulator.warden-url} (default {@code warden.public-url}, else
 * {@code http://localhost:9080}); {@code simulator.report-interval-seconds} (default 60);
 * {@code warden.demo.agent-secret} (default {@code warden-demo-agent-secret}).
 */
@Singleton
@Startup
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class Reporter {

    private static final Logger LOG = Logger.getLogger(Reporter.class.getName());
    static final String DEFAULT_SECRET = "warden-demo-agent-secret";

    @Resource
    TimerService timers;

    private List<Long> ids = List.of();
    private String wardenUrl;
    private String secret;
    private Client client;
    private volatile long lastWarning;
    private final Map<Long, State> states = new ConcurrentHashMap<>();

    /** A simulated instance's slowly drifting load. */
    private static final class State {
        final Random random;
        double ccu;
        final Instant started = Instant.now().minus(3, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);

        State(long id) {
            random = new Random(id * 7919L);
            ccu = 10 + random.nextInt(40);
        }
    }

    @PostConstruct
    void start() {
        Config config = ConfigProvider.getConfig();
        ids = instanceIds(
                config.getOptionalValue("simulator.instance-ids", String.class).orElse(null),
                config.getOptionalValue("simulator.instances", Integer.class).orElse(4));
        wardenUrl = config.getOptionalValue("simulator.warden-url", String.class)
                .or(() -> config.getOptionalValue("warden.public-url", String.class))
                .orElse("http://localhost:9080")
                .replaceAll("/+$", "");
        secret = config.getOptionalValue("warden.demo.agent-secret", String.class)
                .orElse(DEFAULT_SECRET);
        long interval = Math.max(
                5,
                config.getOptionalValue("simulator.report-interval-seconds", Long.class)
                        .orElse(60L));
        if (ids.isEmpty()) {
            LOG.info("simulator: no simulated instances report (simulator.instances=0)");
            return;
        }
        client = ClientBuilder.newBuilder()
                .connectTimeout(3, TimeUnit.SECONDS)
                .readTimeout(5, TimeUnit.SECONDS)
                .build();
        timers.createIntervalTimer(10_000, interval * 1000, new TimerConfig("simulator-reports", false));
        LOG.info(() -> "simulator: instances " + ids + " report to " + wardenUrl + " every " + interval + " s");
    }

    @PreDestroy
    void stop() {
        if (client != null) {
            client.close();
        }
    }

    /** {@code 1..n}, or the explicit comma list when given (blank entries ignored). */
    static List<Long> instanceIds(String explicit, int n) {
        List<Long> out = new ArrayList<>();
        if (explicit != null && !explicit.isBlank()) {
            for (String part : explicit.split(",")) {
                if (!part.isBlank()) {
                    out.add(Long.parseLong(part.strip()));
                }
            }
            return out;
        }
        for (long i = 1; i <= n; i++) {
            out.add(i);
        }
        return out;
    }

    @Timeout
    void tick(Timer timer) {
        Instant sampledAt = Instant.now().truncatedTo(ChronoUnit.MINUTES);
        int failed = 0;
        String firstProblem = null;
        for (long id : ids) {
            JsonObject report = report(states.computeIfAbsent(id, State::new), sampledAt);
            try (Response r = client.target(wardenUrl)
                    .path("agent/v1/instances/" + id + "/reports")
                    .request()
                    .header("Authorization", "Bearer " + secret)
                    .post(Entity.json(report))) {
                if (r.getStatus() >= 300) {
                    failed++;
                    if (firstProblem == null) {
                        firstProblem = "instance " + id + ": HTTP " + r.getStatus();
                    }
                }
            } catch (RuntimeException e) {
                failed++;
                if (firstProblem == null) {
                    firstProblem = "instance " + id + ": " + e.getClass().getSimpleName() + ": " + e.getMessage();
                }
            }
        }
        long now = System.currentTimeMillis();
        if (failed > 0 && now - lastWarning >= 60_000) {
            lastWarning = now;
            String problem = firstProblem;
            int count = failed;
            LOG.warning(() -> "simulator: " + count + " of " + ids.size() + " reports to " + wardenUrl
                    + " were not accepted (" + problem + "); next warning in a minute at the earliest");
        }
    }

    /** One report in the contract's shape, the load drifting a little each minute. */
    static JsonObject report(State s, Instant sampledAt) {
        synchronized (s) {
            s.ccu = Math.max(0, Math.min(200, s.ccu + s.random.nextGaussian() * 4));
            int ccu = (int) Math.round(s.ccu);
            int processes = 2;
            JsonArrayBuilder list = Json.createArrayBuilder();
            double cpuTotal = 0;
            double memTotal = 0;
            int roomsTotal = 0;
            for (int p = 1; p <= processes; p++) {
                int pCcu = p == 1 ? ccu / 2 + ccu % 2 : ccu / 2;
                int rooms = (pCcu + 3) / 4;
                double cpu = round(Math.min(100, 3 + pCcu * 0.9 + s.random.nextDouble() * 5));
                double mem = round(180 + pCcu * 2.5 + s.random.nextDouble() * 20);
                cpuTotal += cpu;
                memTotal += mem;
                roomsTotal += rooms;
                list.add(Json.createObjectBuilder()
                        .add("id", p)
                        .add("status", "online")
                        .add("started_at", s.started.toString())
                        .add("restarts", 0)
                        .add("cpu_percent", cpu)
                        .add("memory_mb", mem)
                        .add("ccu", pCcu)
                        .add("rooms", rooms)
                        .add("node_version", "20.11.1"));
            }
            return Json.createObjectBuilder()
                    .add("sampled_at", sampledAt.toString())
                    .add("ccu", ccu)
                    .add("rooms", roomsTotal)
                    .add("cpu_percent", round(Math.min(100, cpuTotal / processes)))
                    .add("memory_percent", round(Math.min(100, memTotal / 4096 * 100)))
                    .add("processes", list)
                    .build();
        }
    }

    private static double round(double v) {
        return BigDecimal.valueOf(v).setScale(1, RoundingMode.HALF_UP).doubleValue();
    }
}
