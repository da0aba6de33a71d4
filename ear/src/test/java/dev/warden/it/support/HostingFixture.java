package dev.warden.it.support;

import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * A team with an owner and an API token, and helpers to add applications, locations, instances (with agent
 * secrets), metric samples, egress days and deploys, all with unique keys (hosting ITs).
 */
public final class HostingFixture {

    public final String tag = TestDb.unique();
    public final long owner;
    public final long team;
    public final String token;

    public HostingFixture() throws SQLException {
        HostingTeam.Owned owned = HostingTeam.teamWithOwner(tag);
        owner = owned.owner();
        team = owned.team();
        token = HostingTeam.token(team, owner);
    }

    /** A new application of this team with slug {@code prefix-<tag>}, created at {@code createdAt}. */
    public long app(String slug, Instant createdAt) throws SQLException {
        return TestDb.insert(
                "INSERT INTO warden_applications (team_id, slug, name, created_at) VALUES (?, ?, ?, ?) "
                        + "RETURNING id",
                team,
                slug,
                "App " + slug,
                ts(createdAt));
    }

    /** A ready location of {@code app} in region {@code code}. */
    public static long location(long app, String code) throws SQLException {
        return TestDb.insert(
                "INSERT INTO warden_locations (application_id, region_code, region_city, region_country, "
                        + "status, scale_strategy, plan_vcpus, plan_ram_mb, plan_transfer_gb) "
                        + "VALUES (?, ?, 'City', 'XX', 'ready', 'horizontal', 2, 4096, 1000) RETURNING id",
                app,
                code);
    }

    /** A ready instance of {@code location} whose agent secret is {@code secret} (null: none). */
    public long instance(long location, String secret) throws SQLException {
        return TestDb.insert(
                "INSERT INTO warden_instances (location_id, status, agent_secret_hash) VALUES (?, 'ready', ?) "
                        + "RETURNING id",
                location,
                secret == null ? null : TestDb.sha256Hex(secret));
    }

    /** A metric sample (processes empty). */
    public static void sample(long instance, Instant at, int ccu, int rooms, double cpu, double memory)
            throws SQLException {
        TestDb.update(
                "INSERT INTO warden_metric_samples (instance_id, sampled_at, ccu, rooms, cpu_percent, memory_percent) "
                        + "VALUES (?, ?, ?, ?, ?, ?)",
                instance,
                ts(at),
                ccu,
                rooms,
                cpu,
                memory);
    }

    /** An egress day. */
    public static void egress(long instance, java.time.LocalDate day, long out, long in, Instant collectedAt)
            throws SQLException {
        TestDb.update(
                "INSERT INTO warden_egress_days (instance_id, day, outgoing_bytes, incoming_bytes, collected_at) "
                        + "VALUES (?, ?, ?, ?, ?)",
                instance,
                day,
                out,
                in,
                ts(collectedAt));
    }

    /** A deploy; {@code finishedAt}, commit, message and output may be null. */
    public static long deploy(
            long app,
            String status,
            String commit,
            String message,
            String output,
            Instant startedAt,
            Instant finishedAt)
            throws SQLException {
        return TestDb.insert(
                "INSERT INTO warden_deploys (application_id, status, branch, commit, message, output, "
                        + "started_at, finished_at) VALUES (?, ?, 'main', ?, ?, ?, ?, ?) RETURNING id",
                app,
                status,
                commit,
                message,
                output,
                ts(startedAt),
                finishedAt == null ? null : ts(finishedAt));
    }

    /** {@code at} as a timestamptz parameter. */
    public static OffsetDateTime ts(Instant at) {
        return at == null ? null : OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
    }
}
