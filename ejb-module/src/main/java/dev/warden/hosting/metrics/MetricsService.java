package dev.warden.hosting.metrics;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.sql.Sql;
import dev.warden.hosting.apps.HostedApps;
import dev.warden.hosting.apps.HostedApps.HostedApp;
import dev.warden.hosting.apps.HostedApps.HostedLocation;
import dev.warden.hosting.metrics.HistoryAggregation.InstanceFigures;
import dev.warden.hosting.metrics.HistoryAggregation.Point;
import dev.warden.hosting.query.QueryParams;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Current metrics and metrics history of an application (docs/hosting-api.md, "Requirements: Current metrics" and "Requirements: Metrics history" and "Requirements: Parameters").
 * Reads {@code warden_metric_samples} (minute points and current
 * samples) and {@code warden_metric_daily_peaks} (day points) with index-friendly range queries on
 * (instance_id, time); the aggregation math is in {@link Figures} and {@link HistoryAggregation}.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class MetricsService {

    /** An instance that has not reported for this long is silent (the requirements: "the current-metrics window is 5 minutes"). */
    public static final int WINDOW_MINUTES = 5;

    @EJB
    HostedApps apps;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /**
     * {@code {application, window_minutes: 5, locations: [{id, region, totals, instances}]}}: each instance's
     * latest sample of the last 5 minutes ({@code sampled_at}, figures, processes), or nulls and an empty
     * {@code processes} list when silent; totals over the reporting instances (ccu and rooms summed, cpu and
     * memory the busiest instance's), all null when none reports. {@code region} is the code.
     *
     * @throws dev.warden.common.ApiException 404 when the team has no such application
     */
    public JsonObject current(long teamId, String slug) {
        HostedApp app = apps.find(teamId, slug);
        Map<Long, Sample> latest = latestSamples(app.instanceIds());
        JsonArrayBuilder locations = JSON.createArrayBuilder();
        for (HostedLocation location : app.locations()) {
            JsonArrayBuilder instances = JSON.createArrayBuilder();
            List<Figures> reporting = new ArrayList<>();
            for (long instanceId : location.instanceIds()) {
                Sample sample = latest.get(instanceId);
                JsonObjectBuilder instance = JSON.createObjectBuilder().add("id", instanceId);
                if (sample == null) {
                    instance.addNull("sampled_at");
                    figures(instance, null);
                    instance.add("processes", JsonValue.EMPTY_JSON_ARRAY);
                } else {
                    reporting.add(sample.figures());
                    instance.add("sampled_at", sample.sampledAt().toString());
                    figures(instance, sample.figures());
                    instance.add("processes", sample.processes());
                }
                instances.add(instance);
            }
            JsonObjectBuilder totals = JSON.createObjectBuilder();
            figures(totals, Figures.total(reporting));
            locations.add(JSON.createObjectBuilder()
                    .add("id", location.id())
                    .add("region", location.regionCode())
                    .add("totals", totals)
                    .add("instances", instances));
        }
        return JSON.createObjectBuilder()
                .add("application", app.slug())
                .add("window_minutes", WINDOW_MINUTES)
                .add("locations", locations)
                .build();
    }

    /**
     * {@code {application, resolution, from, to, locations: [{id, region, points: [{time, ccu, rooms,
     * cpu_percent, memory_percent}]}]}} for the parameters of {@link MetricsQuery}; points in time order, one
     * per minute (or UTC day) in which at least one instance of the location reported.
     *
     * @throws dev.warden.common.ApiException 404 when the team has no such application; 422
     *                                        {@code invalid_request} naming every bad parameter (a
     *                                        {@code location_id} that is not a location of the application
     *                                        included)
     */
    public JsonObject history(long teamId, String slug, Map<String, List<String>> parameters) {
        HostedApp app = apps.find(teamId, slug);
        QueryParams params = new QueryParams(parameters);
        Instant now = Instant.now();
        MetricsQuery query = MetricsQuery.parse(params, now);
        List<HostedLocation> locations = app.locations();
        if (query.locationId() != null && !params.invalid("location_id")) {
            locations =
                    locations.stream().filter(l -> l.id() == query.locationId()).toList();
            if (locations.isEmpty()) {
                params.error("location_id", "is not a location of application " + app.slug());
            }
        }
        params.throwIfInvalid();
        List<Long> instanceIds = new ArrayList<>();
        locations.forEach(l -> instanceIds.addAll(l.instanceIds()));
        Map<Long, List<InstanceFigures>> byInstance =
                query.day() ? dailyPeaks(instanceIds, query) : minuteFigures(instanceIds, query);
        JsonArrayBuilder out = JSON.createArrayBuilder();
        for (HostedLocation location : locations) {
            List<InstanceFigures> rows = new ArrayList<>();
            location.instanceIds().forEach(id -> rows.addAll(byInstance.getOrDefault(id, List.of())));
            JsonArrayBuilder points = JSON.createArrayBuilder();
            for (Point point : HistoryAggregation.points(rows)) {
                JsonObjectBuilder p =
                        JSON.createObjectBuilder().add("time", point.time().toString());
                figures(p, point.figures());
                points.add(p);
            }
            out.add(JSON.createObjectBuilder()
                    .add("id", location.id())
                    .add("region", location.regionCode())
                    .add("points", points));
        }
        return JSON.createObjectBuilder()
                .add("application", app.slug())
                .add("resolution", query.resolution())
                .add("from", query.from().toString())
                .add("to", query.to().toString())
                .add("locations", out)
                .build();
    }

    /** Adds ccu, rooms, cpu_percent and memory_percent, all null when {@code f} is null. */
    private static void figures(JsonObjectBuilder out, Figures f) {
        if (f == null) {
            out.addNull("ccu").addNull("rooms").addNull("cpu_percent").addNull("memory_percent");
        } else {
            out.add("ccu", f.ccu())
                    .add("rooms", f.rooms())
                    .add("cpu_percent", f.cpuPercent())
                    .add("memory_percent", f.memoryPercent());
        }
    }

    private record Sample(Instant sampledAt, Figures figures, JsonArray processes) {}

    /** Each instance's latest sample of the last {@value #WINDOW_MINUTES} minutes. */
    private Map<Long, Sample> latestSamples(List<Long> instanceIds) {
        Map<Long, Sample> out = new HashMap<>();
        if (instanceIds.isEmpty()) {
            return out;
        }
        Instant since = Instant.now().minus(Duration.ofMinutes(WINDOW_MINUTES));
        String sql = "SELECT DISTINCT ON (instance_id) instance_id, sampled_at, ccu, rooms, cpu_percent, "
                + "memory_percent, processes::text FROM warden_metric_samples "
                + "WHERE instance_id = ANY (?) AND sampled_at > ? ORDER BY instance_id, sampled_at DESC";
        for (Map.Entry<Long, Sample> row : Sql.list(
                dataSource,
                "Reading current metrics",
                sql,
                rs -> {
                    JsonArray processes;
                    try (JsonReader reader = JSON.createReader(new StringReader(rs.getString(7)))) {
                        processes = reader.readArray();
                    }
                    return Map.entry(
                            rs.getLong(1),
                            new Sample(
                                    rs.getObject(2, OffsetDateTime.class).toInstant(),
                                    new Figures(rs.getInt(3), rs.getInt(4), rs.getDouble(5), rs.getDouble(6)),
                                    processes));
                },
                ids(instanceIds),
                since)) {
            out.put(row.getKey(), row.getValue());
        }
        return out;
    }

    /** Per instance, its samples in [from, to + 1 minute) bucketed by minute (the aggregation takes each peak). */
    private Map<Long, List<InstanceFigures>> minuteFigures(List<Long> instanceIds, MetricsQuery query) {
        Map<Long, List<InstanceFigures>> out = new HashMap<>();
        if (instanceIds.isEmpty()) {
            return out;
        }
        String sql = "SELECT instance_id, sampled_at, ccu, rooms, cpu_percent, memory_percent "
                + "FROM warden_metric_samples WHERE instance_id = ANY (?) AND sampled_at >= ? AND sampled_at < ?";
        // a cursor: the rows stream in pages of 5000 (the fetch size holds inside the transaction)
        Sql.with(dataSource, "Reading metrics history", c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                Sql.bind(ps, 1, ids(instanceIds), query.from(), query.endExclusive());
                ps.setFetchSize(5000);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        long instanceId = rs.getLong(1);
                        Instant bucket = rs.getObject(2, OffsetDateTime.class)
                                .toInstant()
                                .truncatedTo(ChronoUnit.MINUTES);
                        out.computeIfAbsent(instanceId, k -> new ArrayList<>())
                                .add(new InstanceFigures(
                                        instanceId,
                                        bucket,
                                        new Figures(rs.getInt(3), rs.getInt(4), rs.getDouble(5), rs.getDouble(6))));
                    }
                }
            }
            return out;
        });
        return out;
    }

    /** Per instance, its own daily peaks for the days from..to (inclusive). */
    private Map<Long, List<InstanceFigures>> dailyPeaks(List<Long> instanceIds, MetricsQuery query) {
        Map<Long, List<InstanceFigures>> out = new HashMap<>();
        if (instanceIds.isEmpty()) {
            return out;
        }
        String sql = "SELECT instance_id, day, ccu, rooms, cpu_percent, memory_percent "
                + "FROM warden_metric_daily_peaks WHERE instance_id = ANY (?) AND day >= ? AND day <= ?";
        for (InstanceFigures row : Sql.list(
                dataSource,
                "Reading metrics history",
                sql,
                rs -> new InstanceFigures(
                        rs.getLong(1),
                        rs.getObject(2, LocalDate.class)
                                .atStartOfDay(ZoneOffset.UTC)
                                .toInstant(),
                        new Figures(rs.getInt(3), rs.getInt(4), rs.getDouble(5), rs.getDouble(6))),
                ids(instanceIds),
                LocalDate.ofInstant(query.from(), ZoneOffset.UTC),
                LocalDate.ofInstant(query.to(), ZoneOffset.UTC))) {
            out.computeIfAbsent(row.instanceId(), k -> new ArrayList<>()).add(row);
        }
        return out;
    }

    private static Long[] ids(List<Long> ids) {
        return ids.toArray(new Long[0]);
    }
}
