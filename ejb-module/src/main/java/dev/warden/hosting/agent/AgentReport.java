package dev.warden.hosting.agent;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.hosting.metrics.Figures;
import dev.warden.hosting.query.QueryParams;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A validated agent report (contracts: {@code POST /agent/v1/instances/{id}/reports}; docs/hosting-api.md, "Requirements: Current metrics").
 * Pure; unit-tested.
 *
 * <p>Rules: {@code sampled_at} an ISO 8601 time (no offset read as UTC), not older than 35 days (the retention) and
 * not more than 5 minutes ahead of the server clock; {@code ccu}, {@code rooms} integers from 0 to 10,000,000;
 * {@code cpu_percent} a number from 0 to 10,000 (100 cores); {@code memory_percent} a number from 0 to 100;
 * {@code processes} an array (default empty, at most 1,000) of objects with {@code id} (integer from 0 to
 * 2,147,483,647), {@code status} (online, launching, stopping, stopped, waiting restart, errored),
 * {@code started_at} (ISO 8601 time or null), {@code restarts}, {@code ccu}, {@code rooms} (integers from 0 to
 * 10,000,000), {@code cpu_percent} (0 to 10,000), {@code memory_mb} (0 to 16,777,216, i.e. 16 TiB) and {@code node_version} (string up to 64 characters or
 * null). Unknown members are ignored and not stored. Problems are named like {@code processes[0].status}.
 *
 * @param sampledAt time of the sample
 * @param figures   the four figures
 * @param processes the processes, normalised (only the documented members)
 */
public record AgentReport(Instant sampledAt, Figures figures, JsonArray processes) {

    /** Process status values (docs/hosting-api.md, "Requirements: States"). */
    public static final Set<String> PROCESS_STATUSES =
            Set.of("online", "launching", "stopping", "stopped", "waiting restart", "errored");

    static final Duration MAX_AGE = Duration.ofDays(35);
    static final Duration MAX_AHEAD = Duration.ofMinutes(5);
    static final int MAX_PROCESSES = 1000;
    static final double MAX_PERCENT = 10_000;
    static final double MAX_MEMORY_PERCENT = 100;
    static final double MAX_MEMORY_MB = 16_777_216;
    static final long MAX_COUNT = 10_000_000;

    /**
     * Validates {@code body} as of {@code now}.
     *
     * @throws ApiException 422 {@code invalid_request} naming every bad member
     */
    public static AgentReport parse(JsonObject body, Instant now) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        Instant sampledAt = time(body, "sampled_at", "sampled_at", true, errors);
        if (sampledAt != null) {
            if (sampledAt.isBefore(now.minus(MAX_AGE))) {
                add(errors, "sampled_at", "must not be older than 35 days (metrics retention)");
            } else if (sampledAt.isAfter(now.plus(MAX_AHEAD))) {
                add(errors, "sampled_at", "must not be more than 5 minutes in the future");
            }
        }
        Long ccu = integer(body, "ccu", "ccu", MAX_COUNT, errors);
        Long rooms = integer(body, "rooms", "rooms", MAX_COUNT, errors);
        Double cpu = number(body, "cpu_percent", "cpu_percent", MAX_PERCENT, errors);
        Double memory = number(body, "memory_percent", "memory_percent", MAX_MEMORY_PERCENT, errors);
        JsonArrayBuilder processes = JSON.createArrayBuilder();
        JsonValue list = body.get("processes");
        if (list != null && list != JsonValue.NULL) {
            if (!(list instanceof JsonArray array)) {
                add(errors, "processes", "must be an array");
            } else if (array.size() > MAX_PROCESSES) {
                add(errors, "processes", "must have at most " + MAX_PROCESSES + " entries");
            } else {
                for (int i = 0; i < array.size(); i++) {
                    String at = "processes[" + i + "]";
                    if (!(array.get(i) instanceof JsonObject p)) {
                        add(errors, at, "must be an object");
                        continue;
                    }
                    processes.add(process(p, at, errors));
                }
            }
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        return new AgentReport(
                sampledAt, new Figures(Math.toIntExact(ccu), Math.toIntExact(rooms), cpu, memory), processes.build());
    }

    private static JsonObjectBuilder process(JsonObject p, String at, Map<String, List<String>> errors) {
        JsonObjectBuilder out = JSON.createObjectBuilder();
        Long id = integer(p, "id", at + ".id", Integer.MAX_VALUE, errors);
        if (id != null) {
            out.add("id", id);
        }
        JsonValue status = p.get("status");
        if (status instanceof JsonString s && PROCESS_STATUSES.contains(s.getString())) {
            out.add("status", s.getString());
        } else {
            add(
                    errors,
                    at + ".status",
                    "must be one of online, launching, stopping, stopped, waiting restart, errored");
        }
        Instant started = time(p, "started_at", at + ".started_at", false, errors);
        if (started == null) {
            out.addNull("started_at");
        } else {
            out.add("started_at", started.toString());
        }
        Long restarts = integer(p, "restarts", at + ".restarts", MAX_COUNT, errors);
        if (restarts != null) {
            out.add("restarts", restarts);
        }
        Double cpu = number(p, "cpu_percent", at + ".cpu_percent", MAX_PERCENT, errors);
        if (cpu != null) {
            out.add("cpu_percent", cpu);
        }
        Double memory = number(p, "memory_mb", at + ".memory_mb", MAX_MEMORY_MB, errors);
        if (memory != null) {
            out.add("memory_mb", memory);
        }
        Long ccu = integer(p, "ccu", at + ".ccu", MAX_COUNT, errors);
        if (ccu != null) {
            out.add("ccu", ccu);
        }
        Long rooms = integer(p, "rooms", at + ".rooms", MAX_COUNT, errors);
        if (rooms != null) {
            out.add("rooms", rooms);
        }
        JsonValue version = p.get("node_version");
        if (version == null || version == JsonValue.NULL) {
            out.addNull("node_version");
        } else if (version instanceof JsonString s && s.getString().length() <= 64) {
            out.add("node_version", s.getString());
        } else {
            add(errors, at + ".node_version", "must be a string of at most 64 characters");
        }
        return out;
    }

    private static Instant time(
            JsonObject o, String member, String name, boolean required, Map<String, List<String>> errors) {
        JsonValue value = o.get(member);
        if (value == null || value == JsonValue.NULL) {
            if (required) {
                add(errors, name, "is required");
            }
            return null;
        }
        Instant t = value instanceof JsonString s ? QueryParams.parseTime(s.getString()) : null;
        if (t == null) {
            add(errors, name, "must be an ISO 8601 time such as 2026-11-21T12:00:00Z");
        }
        return t;
    }

    private static Long integer(JsonObject o, String member, String name, long max, Map<String, List<String>> errors) {
        JsonValue value = o.get(member);
        if (value instanceof JsonNumber n && n.isIntegral()) {
            try {
                long v = n.longValueExact();
                if (v >= 0 && v <= max) {
                    return v;
                }
            } catch (ArithmeticException ignored) {
                // reported below
            }
        }
        add(
                errors,
                name,
                value == null || value == JsonValue.NULL ? "is required" : "must be an integer from 0 to " + max);
        return null;
    }

    private static Double number(
            JsonObject o, String member, String name, double max, Map<String, List<String>> errors) {
        JsonValue value = o.get(member);
        if (value instanceof JsonNumber n) {
            double v = n.doubleValue();
            if (Double.isFinite(v) && v >= 0 && v <= max) {
                return v;
            }
        }
        add(
                errors,
                name,
                value == null || value == JsonValue.NULL
                        ? "is required"
                        : max == Double.MAX_VALUE
                                ? "must be a number ≥ 0"
                                : "must be a number from 0 to " + (long) max);
        return null;
    }

    static void add(Map<String, List<String>> errors, String name, String message) {
        errors.computeIfAbsent(name, k -> new ArrayList<>()).add(message);
    }
}
