package dev.warden.hosting.apps;

import dev.warden.common.ApiException;
import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Finds a team's application by slug with its locations and instance ids, for the per-application hosting
 * endpoints (docs/hosting-api.md, "Requirements: Endpoints" and "Requirements: Errors": 404 {@code not_found} for an application of another team,
 * with no hint that it exists).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class HostedApps {

    /**
     * SQL condition on {@code warden_applications a}: the application is parked (docs/hosting-api.md, "Requirements: States":
     * "an application that has not deployed in its first month has its server removed until its first
     * deploy"): created more than a month ago, with no deploy that reached {@code deployed} and no instance with
     * a {@code deployed_at}.
     */
    public static final String PARKED_CONDITION = "a.created_at <= now() - interval '1 month'"
            + " AND NOT EXISTS (SELECT 1 FROM warden_deploys d WHERE d.application_id = a.id AND d.status = 'deployed')"
            + " AND NOT EXISTS (SELECT 1 FROM warden_locations pl JOIN warden_instances pi ON pi.location_id = pl.id"
            + " WHERE pl.application_id = a.id AND pi.deployed_at IS NOT NULL)";

    /** A location: id, region code and its instance ids in id order. */
    public record HostedLocation(long id, String regionCode, List<Long> instanceIds) {}

    /** An application of the team with its locations in id order. */
    public record HostedApp(long id, String slug, boolean parked, List<HostedLocation> locations) {

        /** All instance ids of the application. */
        public List<Long> instanceIds() {
            List<Long> out = new ArrayList<>();
            locations.forEach(l -> out.addAll(l.instanceIds()));
            return out;
        }
    }

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /**
     * The application {@code slug} of team {@code teamId}.
     *
     * @throws ApiException 404 {@code not_found} when the team has no such application
     */
    public HostedApp find(long teamId, String slug) {
        return Sql.with(dataSource, "Reading application " + slug, c -> {
            long[] app = Sql.first(
                            c,
                            "SELECT a.id, (" + PARKED_CONDITION + ") FROM warden_applications a "
                                    + "WHERE a.slug = ? AND a.team_id = ?",
                            rs -> new long[] {rs.getLong(1), rs.getBoolean(2) ? 1 : 0},
                            slug,
                            teamId)
                    .orElseThrow(() -> ApiException.notFound("No application '" + slug + "' in your team"));
            Map<Long, HostedLocation> locations = new LinkedHashMap<>();
            Sql.list(
                    c,
                    "SELECT l.id, l.region_code, i.id FROM warden_locations l "
                            + "LEFT JOIN warden_instances i ON i.location_id = l.id WHERE l.application_id = ? "
                            + "ORDER BY l.id, i.id",
                    rs -> {
                        String region = rs.getString(2);
                        HostedLocation location = locations.computeIfAbsent(
                                rs.getLong(1), k -> new HostedLocation(k, region, new ArrayList<>()));
                        long instanceId = rs.getLong(3);
                        if (!rs.wasNull()) {
                            location.instanceIds().add(instanceId);
                        }
                        return location;
                    },
                    app[0]);
            return new HostedApp(app[0], slug, app[1] == 1, List.copyOf(locations.values()));
        });
    }
}
