package dev.warden.simulator;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * How each provider contract behaves right now, and what it was asked. Contracts: {@code infrastructure},
 * {@code billing}, {@code agent}. Modes: {@code ok}; {@code slow} (answers after {@code delay_ms});
 * {@code error} (500 with a JSON body); {@code down} (503, empty body, {@code Connection: close}, as a
 * load balancer with no backend). Defaults from MicroProfile Config {@code simulator.<contract>.mode} and
 * {@code simulator.<contract>.delay-ms} (default 5000); changed at run time by {@code PUT /control/{contract}}.
 */
@ApplicationScoped
public class Faults {

    /** The contracts the simulator plays. */
    public static final List<String> CONTRACTS = List.of("infrastructure", "billing", "agent");
    /** The modes. */
    public static final List<String> MODES = List.of("ok", "slow", "error", "down");

    private static final int KEPT_REQUESTS = 200;

    /** A contract's behaviour. */
    public record Mode(String mode, long delayMs) {}

    private final Map<String, Mode> modes = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();
    private final Map<String, Deque<JsonObject>> requests = new ConcurrentHashMap<>();

    @PostConstruct
    void init() {
        reset();
    }

    /** Back to the configured defaults; request counts and logs cleared. */
    public void reset() {
        for (String contract : CONTRACTS) {
            modes.put(contract, defaults(contract));
            counts.put(contract, new AtomicLong());
            requests.put(contract, new ArrayDeque<>());
        }
    }

    static Mode defaults(String contract) {
        Config config = ConfigProvider.getConfig();
        String mode = config.getOptionalValue("simulator." + contract + ".mode", String.class)
                .orElse("ok")
                .strip()
                .toLowerCase(Locale.ROOT);
        long delay = config.getOptionalValue("simulator." + contract + ".delay-ms", Long.class)
                .orElse(5000L);
        return new Mode(MODES.contains(mode) ? mode : "ok", Math.max(0, delay));
    }

    public Mode mode(String contract) {
        return modes.get(contract);
    }

    public void set(String contract, Mode mode) {
        modes.put(contract, mode);
    }

    /**
     * Counts and logs a request to {@code contract}, then applies its mode: null to answer normally (after
     * the delay when slow), else the failure response to send.
     */
    public Response apply(String contract, UriInfo uri) {
        counts.get(contract).incrementAndGet();
        JsonObjectBuilder query = Json.createObjectBuilder();
        uri.getQueryParameters().forEach((k, v) -> query.add(k, v.isEmpty() ? "" : v.get(0)));
        Deque<JsonObject> log = requests.get(contract);
        synchronized (log) {
            log.addLast(Json.createObjectBuilder()
                    .add("path", "/" + uri.getPath().replaceAll("^/+", ""))
                    .add("query", query)
                    .add("at", Instant.now().toString())
                    .build());
            while (log.size() > KEPT_REQUESTS) {
                log.removeFirst();
            }
        }
        Mode mode = modes.get(contract);
        switch (mode.mode()) {
            case "slow" -> {
                try {
                    Thread.sleep(mode.delayMs());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return null;
            }
            case "error" -> {
                return Response.serverError()
                        .type(MediaType.APPLICATION_JSON_TYPE)
                        .entity(Json.createObjectBuilder()
                                .add("error", "simulated " + contract + " failure")
                                .build())
                        .build();
            }
            case "down" -> {
                return Response.status(503).header("Connection", "close").build();
            }
            default -> {
                return null;
            }
        }
    }

    /** {@code {mode, delay_ms, requests}} of a contract. */
    public JsonObject state(String contract) {
        Mode mode = modes.get(contract);
        return Json.createObjectBuilder()
                .add("mode", mode.mode())
                .add("delay_ms", mode.delayMs())
                .add("requests", counts.get(contract).get())
                .build();
    }

    /** The newest requests of a contract (at most 200), oldest first: {@code [{path, query, at}]}. */
    public JsonArrayBuilder requests(String contract) {
        JsonArrayBuilder out = Json.createArrayBuilder();
        Deque<JsonObject> log = requests.get(contract);
        synchronized (log) {
            log.forEach(out::add);
        }
        return out;
    }
}
