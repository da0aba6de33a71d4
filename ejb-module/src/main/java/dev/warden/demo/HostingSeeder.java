package dev.warden.demo;

import static dev.warden.demo.DemoWriter.later;

import dev.warden.common.Hashing;
import dev.warden.demo.PlayerSeeder.Player;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The hosting side of the demo: team "Demo Studio" (the admin owns it, the moderator is a member) with
 * "Space Arena" (Frankfurt) and "Block Party" (Singapore, and New York still provisioning), team "Other Studio"
 * (owned by player 0) with "Secret Project" (Amsterdam), six instances, the owners' billing accounts and the
 * applications' subscriptions, and one API token for Demo Studio. The four ready instances come first (ids 1 to 4
 * on a fresh database, the simulator's default {@code simulator.instances=4}): their agent endpoint is
 * {@code <simulator>/agents/<id>} and their agent secret the configured one (only its SHA-256 is stored).
 */
final class HostingSeeder {

    private final DemoWriter w;
    private final String simulatorUrl;
    private final String agentSecret;
    private final List<Long> simulated = new ArrayList<>();
    private int nextServerId = 1001;
    private int teamRows;
    private int applicationRows;
    private int locationRows;
    private int instanceRows;
    private int billingRows;

    HostingSeeder(DemoWriter w, String simulatorUrl, String agentSecret) {
        this.w = w;
        this.simulatorUrl = simulatorUrl;
        this.agentSecret = agentSecret;
    }

    /** This data set's part of the summary line. */
    String summary() {
        return teamRows + " teams, " + applicationRows + " applications, " + locationRows + " locations, "
                + instanceRows + " instances, " + billingRows + " billing accounts and subscriptions, 1 API token";
    }

    /** The ids of the instances whose agents the simulator plays, in insertion order. */
    List<Long> simulatedInstances() {
        return List.copyOf(simulated);
    }

    /**
     * Seeds teams, applications, locations, instances, billing and the API token; returns the token's plaintext
     * ({@code wdn_} and 43 random characters; only its hash and 12-character prefix are stored).
     */
    String seed(long adminId, long modId, Player otherOwner) throws SQLException {
        Instant now = w.now;
        Instant studioCreated = now.minus(Duration.ofDays(120));
        long demoStudio = team("Demo Studio", studioCreated);
        member(demoStudio, adminId, "owner", studioCreated);
        member(demoStudio, modId, "member", now.minus(Duration.ofDays(110)));

        Instant arenaCreated = now.minus(Duration.ofDays(100));
        long spaceArena = application(demoStudio, "space-arena", "Space Arena", arenaCreated);
        long fra = location(
                spaceArena,
                "fra",
                "Frankfurt",
                "DE",
                "ready",
                "vertical",
                "fra-1.space-arena.demo.warden.dev",
                2,
                4096,
                1000,
                arenaCreated);

        Instant partyCreated = now.minus(Duration.ofDays(21));
        long blockParty = application(demoStudio, "block-party", "Block Party", partyCreated);
        long sgp = location(
                blockParty,
                "sgp",
                "Singapore",
                "SG",
                "ready",
                "horizontal",
                "sgp.block-party.demo.warden.dev",
                4,
                8192,
                2000,
                partyCreated);
        Instant nycCreated = now.minus(Duration.ofMinutes(40));
        long nyc = location(
                blockParty, "nyc", "New York", "US", "provisioning", "vertical", null, 4, 8192, 2000, nycCreated);

        // A second team, so that a token can be seen to reach only its own team's applications.
        Instant otherCreated = later(otherOwner.createdAt(), now.minus(Duration.ofDays(45)));
        long otherStudio = team("Other Studio", otherCreated);
        member(otherStudio, otherOwner.id(), "owner", otherCreated);
        long secret = application(otherStudio, "secret-project", "Secret Project", otherCreated);
        long ams = location(
                secret,
                "ams",
                "Amsterdam",
                "NL",
                "ready",
                "vertical",
                "ams-1.secret-project.demo.warden.dev",
                1,
                2048,
                500,
                otherCreated);

        // ready instances first: their agents live in the simulator
        instance(fra, true, "ready", "deployed", now.minus(Duration.ofDays(2)), arenaCreated);
        instance(sgp, true, "ready", "deployed", now.minus(Duration.ofHours(6)), partyCreated);
        instance(sgp, true, "ready", "deploying", null, partyCreated);
        instance(ams, true, "ready", "deployed", now.minus(Duration.ofDays(1)), otherCreated);
        instance(sgp, false, "provisioning", null, null, now.minus(Duration.ofMinutes(15)));
        instance(nyc, false, "pending", null, null, nycCreated);

        // billing: the owners' customers and the applications' subscriptions at the (simulated) provider
        billingAccount(adminId, "cus_demo_studio", studioCreated);
        subscription(spaceArena, "sub_demo_space_arena", arenaCreated);
        subscription(blockParty, "sub_demo_block_party", partyCreated);
        billingAccount(otherOwner.id(), "cus_demo_other", otherCreated);
        subscription(secret, "sub_demo_secret_project", otherCreated);

        String token = "wdn_" + Hashing.randomToken(32);
        w.insert(
                "INSERT INTO warden_api_tokens (team_id, created_by, name, token_hash, token_prefix, created_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?)",
                demoStudio,
                adminId,
                "Demo dashboard",
                Hashing.sha256Hex(token),
                token.substring(0, 12),
                now);
        return token;
    }

    private void billingAccount(long userId, String customerId, Instant created) throws SQLException {
        billingRows++;
        w.insert(
                "INSERT INTO warden_billing_accounts (owner_user_id, provider_customer_id, created_at) "
                        + "VALUES (?, ?, ?)",
                userId,
                customerId,
                created);
    }

    private void subscription(long applicationId, String subscriptionId, Instant created) throws SQLException {
        billingRows++;
        w.insert(
                "INSERT INTO warden_subscriptions (application_id, provider_subscription_id, created_at) "
                        + "VALUES (?, ?, ?)",
                applicationId,
                subscriptionId,
                created);
    }

    private long team(String name, Instant created) throws SQLException {
        teamRows++;
        return w.insertReturningId(
                "INSERT INTO warden_teams (name, created_at) VALUES (?, ?) RETURNING id", name, created);
    }

    private void member(long teamId, long userId, String role, Instant created) throws SQLException {
        w.insert(
                "INSERT INTO warden_team_members (team_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
                teamId,
                userId,
                role,
                created);
    }

    private long application(long teamId, String slug, String name, Instant created) throws SQLException {
        applicationRows++;
        return w.insertReturningId(
                "INSERT INTO warden_applications (team_id, slug, name, maintenance_mode, "
                        + "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                teamId,
                slug,
                name,
                false,
                created,
                created);
    }

    private long location(
            long applicationId,
            String code,
            String city,
            String country,
            String status,
            String strategy,
            String endpoint,
            int vcpus,
            int ramMb,
            int transferGb,
            Instant created)
            throws SQLException {
        locationRows++;
        return w.insertReturningId(
                "INSERT INTO warden_locations (application_id, region_code, region_city, "
                        + "region_country, status, scale_strategy, endpoint, plan_vcpus, plan_ram_mb, "
                        + "plan_transfer_gb, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                applicationId,
                code,
                city,
                country,
                status,
                strategy,
                endpoint,
                vcpus,
                ramMb,
                transferGb,
                created);
    }

    /**
     * An instance; a {@code simulated} one gets the simulator's agent endpoint ({@code <simulator>/agents/<id>})
     * and the demo agent secret's hash, others no endpoint and a random secret's hash.
     */
    private void instance(
            long locationId,
            boolean simulatedAgent,
            String status,
            String deployStatus,
            Instant deployedAt,
            Instant created)
            throws SQLException {
        instanceRows++;
        String secretHash = Hashing.sha256Hex(simulatedAgent ? agentSecret : Hashing.randomToken(32));
        long id = w.insertReturningId(
                "INSERT INTO warden_instances (location_id, endpoint, status, deploy_status, "
                        + "deployed_at, server_id, agent_secret_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                        + "RETURNING id",
                locationId,
                null,
                status,
                deployStatus,
                deployedAt == null ? null : deployedAt,
                "srv-" + nextServerId++,
                secretHash,
                created);
        if (simulatedAgent) {
            simulated.add(id);
            w.insert("UPDATE warden_instances SET endpoint = ? WHERE id = ?", simulatorUrl + "/agents/" + id, id);
        }
    }
}
