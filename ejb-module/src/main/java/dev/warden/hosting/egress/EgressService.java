package dev.warden.hosting.egress;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.sql.Sql;
import dev.warden.hosting.apps.HostedApps;
import dev.warden.hosting.apps.HostedApps.HostedApp;
import dev.warden.hosting.apps.HostedApps.HostedLocation;
import dev.warden.hosting.query.QueryParams;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Egress of an application per location (docs/hosting-api.md, "Requirements: Egress" and "Requirements: Parameters", egress): bytes summed across
 * the location's instances, per day and over the window, from {@code warden_egress_days}.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class EgressService {

    @EJB
    HostedApps apps;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /** One location's bytes on one day, summed across its instances. */
    private record DayBytes(long locationId, LocalDate day, long outgoing, long incoming) {}

    /**
     * {@code {application, from, to, collected_at, locations: [{id, region, outgoing_bytes, incoming_bytes,
     * days: [{date, outgoing_bytes, incoming_bytes}]}]}}: every location of the application (region as code),
     * totals over the window, {@code days} in date order with only the dates that have figures.
     * {@code collected_at} is the latest copy time over the application's egress rows (any date), null before the
     * first copy.
     *
     * @throws dev.warden.common.ApiException 404 for no such application in the team; 422 naming every bad
     *                                        parameter ({@link EgressQuery})
     */
    public JsonObject egress(long teamId, String slug, Map<String, List<String>> parameters) {
        HostedApp app = apps.find(teamId, slug);
        QueryParams params = new QueryParams(parameters);
        EgressQuery query = EgressQuery.parse(params, Instant.now());
        params.throwIfInvalid();
        Map<Long, List<DayBytes>> byLocation = new HashMap<>();
        Instant collectedAt = null;
        List<Long> instanceIds = app.instanceIds();
        if (!instanceIds.isEmpty()) {
            Long[] ids = instanceIds.toArray(new Long[0]);
            collectedAt = Sql.with(dataSource, "Reading egress", c -> {
                List<DayBytes> rows = Sql.list(
                        c,
                        "SELECT i.location_id, e.day, sum(e.outgoing_bytes), sum(e.incoming_bytes) "
                                + "FROM warden_egress_days e JOIN warden_instances i ON i.id = e.instance_id "
                                + "WHERE e.instance_id = ANY (?) AND e.day >= ? AND e.day <= ? GROUP BY 1, 2 ORDER BY 1, 2",
                        rs -> new DayBytes(
                                rs.getLong(1), rs.getObject(2, LocalDate.class), rs.getLong(3), rs.getLong(4)),
                        ids,
                        query.from(),
                        query.to());
                rows.forEach(row -> byLocation
                        .computeIfAbsent(row.locationId(), k -> new ArrayList<>())
                        .add(row));
                return Sql.first(
                                c,
                                "SELECT max(collected_at) FROM warden_egress_days WHERE instance_id = ANY (?)",
                                rs -> rs.getObject(1, OffsetDateTime.class),
                                (Object) ids)
                        .map(OffsetDateTime::toInstant)
                        .orElse(null);
            });
        }
        JsonArrayBuilder locations = JSON.createArrayBuilder();
        for (HostedLocation location : app.locations()) {
            long outgoing = 0;
            long incoming = 0;
            JsonArrayBuilder days = JSON.createArrayBuilder();
            for (DayBytes day : byLocation.getOrDefault(location.id(), List.of())) {
                outgoing += day.outgoing();
                incoming += day.incoming();
                days.add(JSON.createObjectBuilder()
                        .add("date", day.day().toString())
                        .add("outgoing_bytes", day.outgoing())
                        .add("incoming_bytes", day.incoming()));
            }
            locations.add(JSON.createObjectBuilder()
                    .add("id", location.id())
                    .add("region", location.regionCode())
                    .add("outgoing_bytes", outgoing)
                    .add("incoming_bytes", incoming)
                    .add("days", days));
        }
        JsonObjectBuilder out = JSON.createObjectBuilder()
                .add("application", app.slug())
                .add("from", query.from().toString())
                .add("to", query.to().toString());
        if (collectedAt == null) {
            out.addNull("collected_at");
        } else {
            out.add("collected_at", collectedAt.toString());
        }
        return out.add("locations", locations).build();
    }
}
