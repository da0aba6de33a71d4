package dev.warden.it.support;

import java.sql.SQLException;

/**
 * A fresh hosting team for one test: an owner, an API token, and an application {@code arena-<tag>} with one
 * ready location (fra, one deployed instance) — the data the generated-client and poller tests read through
 * {@code /api/v1}. Unique keys, so tests run in any order.
 *
 * @param tag        the unique suffix
 * @param teamId     the team
 * @param token      a valid API token of the team
 * @param slug       the application's slug
 * @param appId      the application's id
 * @param locationId the location's id
 * @param instanceId the instance's id
 */
public record ClientTeam(
        String tag, long teamId, String token, String slug, long appId, long locationId, long instanceId) {

    /** Creates the team, token, application, location and instance. */
    public static ClientTeam create() throws SQLException {
        String tag = TestDb.unique();
        HostingTeam.Owned owned = HostingTeam.teamWithOwner(tag);
        long team = owned.team();
        String token = HostingTeam.token(team, owned.owner());
        String slug = "arena-" + tag;
        long app = TestDb.insert(
                "INSERT INTO warden_applications (team_id, slug, name, maintenance_mode) "
                        + "VALUES (?, ?, 'Arena', false) RETURNING id",
                team,
                slug);
        long fra = TestDb.insert(
                "INSERT INTO warden_locations (application_id, region_code, region_city, region_country, "
                        + "status, scale_strategy, endpoint, plan_vcpus, plan_ram_mb, plan_transfer_gb) "
                        + "VALUES (?, 'fra', 'Frankfurt', 'DE', 'ready', 'vertical', 'fra.example.net', 2, 4096, 1000) RETURNING id",
                app);
        long instance = TestDb.insert(
                "INSERT INTO warden_instances (location_id, endpoint, status, deploy_status, deployed_at) "
                        + "VALUES (?, 'fra-1.example.net', 'ready', 'deployed', '2026-01-02T03:04:05Z') RETURNING id",
                fra);
        return new ClientTeam(tag, team, token, slug, app, fra, instance);
    }
}
