package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import dev.warden.it.support.Simulator;
import dev.warden.it.support.TestDb;
import dev.warden.it.support.Wait;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The hourly egress copy (docs/architecture.md, "Requirements: Hosting side"): upserts {@code warden_egress_days}
 * from the simulator's infrastructure provider with {@code collected_at} = the copy time, and on failure
 * keeps the old figures and {@code collected_at}. Runs the copy through the IT-only hook
 * (in the shared {@code Ear.WARDEN_WITH_HOSTING_LIMITS}, {@code Deployments.wardenWithItHooks}); the schedule itself
 * is off in the test server.
 */
@SharedDeployment(Ear.WARDEN_WITH_HOSTING_LIMITS)
class EgressCopyIT {

    private String serverId;
    private long instance;
    private LocalDate today;

    /**
     * The hostdata team's V6 creates this table; until that branch is merged the test creates it with the
     * contract's exact DDL (a no-op once V6 is in).
     */
    @BeforeAll
    static void egressTable() throws Exception {
        TestDb.update("CREATE TABLE IF NOT EXISTS warden_egress_days (instance_id bigint NOT NULL REFERENCES "
                + "warden_instances(id) ON DELETE CASCADE, day date NOT NULL, outgoing_bytes bigint NOT NULL, "
                + "incoming_bytes bigint NOT NULL, collected_at timestamptz NOT NULL, PRIMARY KEY (instance_id, day))");
    }

    @BeforeEach
    void instance() throws Exception {
        Simulator.reset();
        String tag = TestDb.unique();
        long owner = TestDb.user("owner-" + tag + "@example.com", "Owner", null);
        long team = TestDb.insert("INSERT INTO warden_teams (name) VALUES (?) RETURNING id", "Team " + tag);
        TestDb.update("INSERT INTO warden_team_members (team_id, user_id, role) VALUES (?, ?, 'owner')", team, owner);
        long app = TestDb.insert(
                "INSERT INTO warden_applications (team_id, slug, name) VALUES (?, ?, 'Egress') RETURNING id",
                team,
                "egress-" + tag);
        long location = TestDb.insert(
                "INSERT INTO warden_locations (application_id, region_code, region_city, region_country, "
                        + "status, scale_strategy, plan_vcpus, plan_ram_mb, plan_transfer_gb) "
                        + "VALUES (?, 'fra', 'Frankfurt', 'DE', 'ready', 'vertical', 2, 4096, 1000) RETURNING id",
                app);
        serverId = "srv-it-" + tag;
        instance = TestDb.insert(
                "INSERT INTO warden_instances (location_id, status, server_id) VALUES (?, 'ready', ?) RETURNING id",
                location,
                serverId);
        today = LocalDate.now(ZoneOffset.UTC);
        Simulator.traffic(
                serverId,
                List.of(
                        day(today.minusDays(40), 1, 1),
                        day(today.minusDays(34), 3_000_000_000L, 400_000_000L),
                        day(today.minusDays(1), 5_000_000_000L, 600_000_000L),
                        day(today, 1_000, 200)));
    }

    @AfterEach
    void resetSimulator() {
        Simulator.reset();
    }

    private static Map<String, Object> day(LocalDate date, long out, long in) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("date", date.toString());
        d.put("outgoing_bytes", out);
        d.put("incoming_bytes", in);
        return d;
    }

    private static String copy(long instance) {
        return Api.anonymous()
                .post("/warden-it-hooks/egress-copy?instance=" + instance)
                .then()
                .statusCode(200)
                .extract()
                .asString();
    }

    /** Copies until it works (an open circuit from an earlier failure closes after 1 s in the test server). */
    private static void copyUntilCopied(long instance) {
        Wait.until(
                Duration.ofSeconds(15),
                Duration.ofMillis(300),
                "the copy of instance " + instance + " answers COPIED",
                () -> copy(instance).equals("COPIED"));
    }

    /** {@code day|out|in|collected_at} of every row of the instance, by day. */
    private List<String> rows() throws Exception {
        return TestDb.column(
                "SELECT day || '|' || outgoing_bytes || '|' || incoming_bytes || '|' || "
                        + "to_char(collected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US') "
                        + "FROM warden_egress_days WHERE instance_id = ? ORDER BY day",
                instance);
    }

    @Test
    void theFirstCopyFetchesTheRetentionWindowAndUpsertsWithTheCopyTime() throws Exception {
        Instant before = Instant.now();
        copyUntilCopied(instance);
        List<String> days = TestDb.column(
                "SELECT day || '|' || outgoing_bytes || '|' || incoming_bytes "
                        + "FROM warden_egress_days WHERE instance_id = ? ORDER BY day",
                instance);
        assertEquals(
                List.of(
                        today.minusDays(34) + "|3000000000|400000000",
                        today.minusDays(1) + "|5000000000|600000000",
                        today + "|1000|200"),
                days,
                "the 35-day window only; day 40 is outside it");
        List<String> collected = TestDb.column(
                "SELECT DISTINCT extract(epoch FROM collected_at)::text "
                        + "FROM warden_egress_days WHERE instance_id = ?",
                instance);
        assertEquals(1, collected.size(), "one copy time for the whole copy");
        double at = Double.parseDouble(collected.get(0));
        assertTrue(
                at >= before.getEpochSecond() - 1 && at <= Instant.now().getEpochSecond() + 1,
                "collected_at is the copy time");
        Map<String, String> query = Simulator.lastQuery("infrastructure", "/servers/" + serverId + "/traffic");
        assertEquals(today.minusDays(34).toString(), query.get("from"));
        assertEquals(today.toString(), query.get("to"));

        // the next copy asks from the day before the last copy and replaces figures and collected_at
        Simulator.traffic(
                serverId, List.of(day(today.minusDays(1), 5_000_000_001L, 600_000_001L), day(today, 2_000, 300)));
        // the second copy's time must differ from the first's
        Wait.until(
                Duration.ofSeconds(5),
                Duration.ofMillis(5),
                "the database clock is past the first copy",
                () -> TestDb.scalar(
                                "SELECT count(*) FROM warden_egress_days WHERE instance_id = ? "
                                        + "AND collected_at >= clock_timestamp()",
                                instance)
                        == 0);
        copyUntilCopied(instance);
        query = Simulator.lastQuery("infrastructure", "/servers/" + serverId + "/traffic");
        assertEquals(today.minusDays(1).toString(), query.get("from"));
        List<String> after = TestDb.column(
                "SELECT day || '|' || outgoing_bytes || '|' || incoming_bytes "
                        + "FROM warden_egress_days WHERE instance_id = ? ORDER BY day",
                instance);
        assertEquals(
                List.of(
                        today.minusDays(34) + "|3000000000|400000000",
                        today.minusDays(1) + "|5000000001|600000001",
                        today + "|2000|300"),
                after);
        assertEquals(
                2,
                TestDb.scalar(
                        "SELECT count(DISTINCT collected_at) FROM warden_egress_days WHERE instance_id = ?", instance),
                "rows of the second copy carry its time, the older day keeps the first");
    }

    @Test
    void aFailingProviderKeepsTheOldFiguresAndCollectedAt() throws Exception {
        copyUntilCopied(instance);
        List<String> kept = rows();
        assertEquals(3, kept.size());
        Simulator.traffic(serverId, List.of(day(today, 9_999, 9_999)));
        for (String mode : List.of("error", "down", "slow")) {
            Simulator.mode("infrastructure", mode, 3000);
            assertEquals("FAILED", copy(instance), mode);
            assertEquals(kept, rows(), "nothing written while the provider is " + mode);
        }
        Simulator.mode("infrastructure", "ok");
        copyUntilCopied(instance);
        List<String> now = rows();
        assertEquals(today + "|9999|9999", now.get(2).substring(0, now.get(2).lastIndexOf('|')));
        assertTrue(
                now.get(2)
                                .substring(now.get(2).lastIndexOf('|') + 1)
                                .compareTo(kept.get(2).substring(kept.get(2).lastIndexOf('|') + 1))
                        > 0,
                "collected_at moved on");
    }

    @Test
    void aBodyBreakingTheContractWritesNothing() throws Exception {
        Simulator.traffic(serverId, List.of(day(today, -5, 1)));
        assertEquals("FAILED", copy(instance));
        assertEquals(List.of(), rows());
    }

    @Test
    void instancesWithoutServerIdAreNotCopiedAndAWholeRunCoversTheOthers() throws Exception {
        long bare = TestDb.insert(
                "INSERT INTO warden_instances (location_id, status) SELECT location_id, 'ready' "
                        + "FROM warden_instances WHERE id = ? RETURNING id",
                instance);
        assertEquals("NOT_FOUND", copy(bare));
        String[] summary = {""};
        Wait.poll(Duration.ofSeconds(15), Wait.POLL, () -> {
            summary[0] = Api.anonymous()
                    .post("/warden-it-hooks/egress-copy")
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString();
            return TestDb.scalar("SELECT count(*) FROM warden_egress_days WHERE instance_id = ?", instance) > 0;
        });
        assertEquals(
                3,
                TestDb.scalar("SELECT count(*) FROM warden_egress_days WHERE instance_id = ?", instance),
                summary[0]);
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM warden_egress_days WHERE instance_id = ?", bare));
        List<String> unused = new ArrayList<>();
        assertTrue(unused.isEmpty());
    }
}
