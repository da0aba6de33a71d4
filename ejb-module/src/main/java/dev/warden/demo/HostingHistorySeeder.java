package dev.warden.demo;

import dev.warden.common.sql.Sql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Demo history for the hosting API, so that {@code ./run.sh} shows metrics and deploys at once: for every demo
 * application a few deploys (the latest with build output), and two days of one-a-minute metric samples (a daily
 * wave of players, with one process each) for every {@code ready} instance. Called once from {@link DemoSeeder}
 * inside its transaction, after the applications and instances exist; plain SQL, nothing random in Java.
 */
public final class HostingHistorySeeder {

    /** Days of minute samples seeded. */
    static final int DAYS = 2;

    private HostingHistorySeeder() {}

    /** Seeds deploys and samples as of {@code now}; returns a one-line summary. */
    public static String seed(Connection c, Instant now) throws SQLException {
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        for (int i = -DAYS; i <= 1; i++) {
            Sql.list(c, "SELECT warden_metric_samples_ensure_partition(?)", rs -> null, today.plusDays(i));
        }
        int deploys = 0;
        List<long[]> apps = Sql.list(
                c,
                "SELECT a.id, (SELECT count(*) FROM warden_instances i JOIN warden_locations l ON l.id = i.location_id "
                        + "WHERE l.application_id = a.id AND i.deployed_at IS NOT NULL) FROM warden_applications a "
                        + "ORDER BY a.id",
                rs -> new long[] {rs.getLong(1), rs.getLong(2)});
        String[][] history = {
            {"Bump matchmaking timeout to 45 s", "a41c9e2"},
            {"Fix room cleanup on disconnect", "7be0d13"},
            {"Season 4 lobby assets", "c93f5a8"},
            {"Upgrade to Node 20.11", "19d2b7f"},
            {"Rate-limit chat per player", "e5a0c46"},
        };
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO warden_deploys (application_id, status, branch, "
                + "commit, message, output, started_at, finished_at) VALUES (?, ?, 'main', ?, ?, ?, ?, ?)")) {
            for (long[] app : apps) {
                if (app[1] == 0) {
                    continue; // never deployed: no deploy history
                }
                for (int i = 0; i < history.length; i++) {
                    Instant started = now.minus(Duration.ofDays(3L * (history.length - i)))
                            .minus(Duration.ofHours(2));
                    boolean failed = i == 2;
                    Sql.bind(
                            ps,
                            1,
                            app[0],
                            failed ? "failed" : "deployed",
                            history[i][1],
                            history[i][0],
                            "$ npm ci\nadded 412 packages in 9s\n$ npm run build\n"
                                    + (failed
                                            ? "Error: Cannot find module './assets/lobby-s4.json'\nDeploy failed\n"
                                            : "Build finished\nStarting 1 process\nprocess 0 online\nDeploy finished\n"),
                            started,
                            started.plusSeconds(95));
                    ps.addBatch();
                    deploys++;
                }
            }
            ps.executeBatch();
        }
        Instant last = now.minus(Duration.ofMinutes(1)).truncatedTo(java.time.temporal.ChronoUnit.MINUTES);
        int samples = Sql.update(
                c,
                """
                INSERT INTO warden_metric_samples (instance_id, sampled_at, ccu, rooms, cpu_percent, memory_percent, processes)
                SELECT s.id, s.t, s.ccu, s.ccu / 8, s.cpu, s.mem,
                       jsonb_build_array(jsonb_build_object('id', 0, 'status', 'online',
                           'started_at', to_char(s.since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                           'restarts', 0, 'cpu_percent', round((s.cpu * 0.9)::numeric, 1),
                           'memory_mb', round((s.mem * 40.96)::numeric, 1), 'ccu', s.ccu, 'rooms', s.ccu / 8,
                           'node_version', '20.11.1'))
                FROM (SELECT i.id, t, coalesce(i.deployed_at, ?) AS since,
                             greatest(0, round(45 + 35 * sin(extract(epoch FROM t) / 86400 * 2 * pi() + i.id)
                                               + 6 * sin(extract(epoch FROM t) / 600 + i.id)))::int AS ccu,
                             round((12 + 25 * (1 + sin(extract(epoch FROM t) / 86400 * 2 * pi() + i.id))
                                    + 4 * sin(extract(epoch FROM t) / 300))::numeric, 1)::float8 AS cpu,
                             round((38 + 8 * (1 + sin(extract(epoch FROM t) / 86400 * 2 * pi() + i.id)))::numeric, 1)::float8 AS mem
                      FROM warden_instances i
                      CROSS JOIN generate_series(?::timestamptz, ?::timestamptz, interval '1 minute') AS t
                      WHERE i.status = 'ready') s
                ON CONFLICT (instance_id, sampled_at) DO NOTHING""",
                now.minus(Duration.ofDays(DAYS)),
                last.minus(Duration.ofDays(DAYS)),
                last);
        return deploys + " deploys, " + samples + " metric samples";
    }
}
