package dev.warden.demo;

import dev.warden.auth.Passwords;
import dev.warden.common.Hashing;
import dev.warden.common.sql.Sql;
import dev.warden.schema.SchemaMigrated;
import dev.warden.schema.SchemaState;
import dev.warden.schema.StartupGuard;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptors;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.UnaryOperator;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Fills an empty database with a believable demo data set when the server starts with {@code warden.demo=true},
 * then logs, once, a banner ({@link DemoBanner}) with the credentials, the API token and ready-to-paste
 * {@code curl} lines. The data sets, written in this order: {@link PlayerSeeder} (a demo admin, a moderator with
 * its own password, players, some banned), {@link GameDataSeeder} (configs, leaderboards and their entries, cloud
 * saves, analytics events), the staff's user notes, {@link HostingSeeder} (two teams, three applications with
 * their locations and instances, billing, one API token for "Demo Studio") and {@link HostingHistorySeeder}
 * (deploys and two days of metric samples).
 *
 * <p>It never runs unless {@code warden.demo=true}, and never on a database whose {@code warden_users} table
 * already has rows: it does not touch existing data. Everything is written in one transaction (all or nothing)
 * with plain JDBC, from a {@link Random} with the fixed seed {@value #SEED}, so every demo looks the same except
 * the passwords (unless configured) and the API token.
 *
 * <p>Config (MicroProfile Config; docs/configuration.md):
 * <ul>
 *   <li>{@code warden.demo} (boolean, default {@code false}) turns seeding on;</li>
 *   <li>{@code warden.demo.admin-email} (default {@code admin@warden.local});</li>
 *   <li>{@code warden.demo.admin-password} (default: generated at random);</li>
 *   <li>{@code warden.demo.mod-password} (default: generated at random), the moderator's;</li>
 *   <li>{@code warden.demo.users} (number of players, default 300);</li>
 *   <li>{@code warden.public-url} (default {@code http://localhost:9080}), used in the banner's
 *       {@code curl} lines;</li>
 *   <li>{@code warden.demo.simulator-url} (default {@code <warden.public-url>/warden-simulator}), the base of
 *       the demo instances' agent endpoints;</li>
 *   <li>{@code warden.demo.agent-secret} (default {@value #DEFAULT_AGENT_SECRET}), the simulated agents'
 *       bearer secret, read by the simulator too.</li>
 * </ul>
 */
@Singleton
@Startup
@Interceptors(StartupGuard.class)
@DependsOn("SchemaMigrator")
@TransactionManagement(TransactionManagementType.CONTAINER)
public class DemoSeeder {

    private static final Logger LOG = Logger.getLogger(DemoSeeder.class.getName());

    /** Seed of the {@link Random} behind every generated value. */
    static final long SEED = 42L;
    /** Key of the transaction-scoped advisory lock that keeps two nodes from seeding at once. */
    static final long ADVISORY_LOCK_KEY = 0x5741_5244_454EL; // "WARDEN"
    /** Default of {@code warden.demo.agent-secret}, the simulator's default too. */
    static final String DEFAULT_AGENT_SECRET = "warden-demo-agent-secret";

    @Inject
    @ConfigProperty(name = "warden.demo", defaultValue = "false")
    boolean enabled;

    @Inject
    @ConfigProperty(name = "warden.demo.admin-email", defaultValue = "admin@warden.local")
    String adminEmail;

    /** Optional: MicroProfile Config treats an empty value as missing, so "" means "generate one". */
    @Inject
    @ConfigProperty(name = "warden.demo.admin-password")
    Optional<String> adminPassword;

    /** The moderator's password; empty means "generate one". */
    @Inject
    @ConfigProperty(name = "warden.demo.mod-password")
    Optional<String> modPassword;

    @Inject
    @ConfigProperty(name = "warden.demo.users", defaultValue = "300")
    int users;

    @Inject
    @ConfigProperty(name = "warden.public-url", defaultValue = "http://localhost:9080")
    String publicUrl;

    /** True when run.sh started the single sign-on demo provider ({@code WARDEN_SSO_DEMO=true}; docs/sso.md). */
    @Inject
    @ConfigProperty(name = "warden.sso.demo", defaultValue = "false")
    boolean ssoDemo;

    /** The simulator's base URL; empty means {@code <warden.public-url>/warden-simulator}. */
    @Inject
    @ConfigProperty(name = "warden.demo.simulator-url")
    Optional<String> simulatorUrl;

    /** The bearer secret of the simulated agents (the simulator reads the same key); only its hash is stored. */
    @Inject
    @ConfigProperty(name = "warden.demo.agent-secret", defaultValue = DEFAULT_AGENT_SECRET)
    String agentSecret;

    @Inject
    Passwords passwords;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @Resource
    TransactionSynchronizationRegistry transactions;

    @Inject
    SchemaState schema;

    /**
     * Seeds the demo data at start-up if {@code warden.demo=true} and {@code warden_users} is empty, in
     * the container's transaction; any failure rolls everything back and fails the start-up.
     */
    @PostConstruct
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    void seedOnStartup() {
        if (schema.isMigrated()) {
            seedIfEnabled();
        }
    }

    /** Seeds once the database came back after a start without it ({@link SchemaMigrated}); same rules. */
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    public void onSchemaMigrated(@Observes SchemaMigrated event) {
        seedIfEnabled();
    }

    private void seedIfEnabled() {
        if (!enabled) {
            LOG.fine("warden.demo is false: no demo data");
            return;
        }
        long started = System.nanoTime();
        String email = adminEmail.trim();
        if (email.equalsIgnoreCase(PlayerSeeder.MOD_EMAIL)) {
            throw new IllegalStateException(
                    "warden.demo.admin-email must differ from the demo moderator's " + PlayerSeeder.MOD_EMAIL);
        }
        DemoBanner.Account admin = account(email, adminPassword, "warden.demo.admin-password");
        DemoBanner.Account mod = account(PlayerSeeder.MOD_EMAIL, modPassword, "warden.demo.mod-password");
        int players = users;
        if (players < 1) {
            LOG.warning(() -> "warden.demo.users=" + users + " is below 1; seeding 1 player");
            players = 1;
        }
        int playerCount = players;
        Sql.with(dataSource, "Demo seeding (the transaction is rolled back and nothing was written)", connection -> {
            if (!lockAndCheckEmpty(connection)) {
                LOG.info("demo data present, not seeding (warden_users already has rows)");
                return null;
            }
            LOG.info("seeding demo data...");
            String simulator = simulatorUrl
                    .filter(u -> !u.isBlank())
                    .orElse(publicUrl.trim().replaceAll("/+$", "") + "/warden-simulator")
                    .trim()
                    .replaceAll("/+$", "");
            Outcome outcome = seed(
                    connection,
                    new Random(SEED),
                    Instant.now(),
                    admin,
                    mod,
                    playerCount,
                    passwords::hash,
                    simulator,
                    agentSecret);
            long millis = (System.nanoTime() - started) / 1_000_000;
            LOG.info(() -> "seeded " + outcome.summary() + " in " + millis + " ms");
            LOG.info(() -> "demo instances " + outcome.simulatedInstances() + " have their agents in the simulator ("
                    + simulator + "/agents/{id}); the simulator's instances (simulator.instances) must be these ids");
            logAfterCommit(DemoBanner.text(admin, mod, outcome.apiToken(), publicUrl, ssoDemo));
            return outcome;
        });
    }

    /** The account with its configured password, or a generated one when {@code configured} is empty. */
    private static DemoBanner.Account account(String email, Optional<String> configured, String key) {
        Optional<String> password = configured.filter(p -> !p.isBlank());
        if (password.isPresent() && password.get().length() < Passwords.MIN_LENGTH) {
            LOG.warning(() -> key + " is shorter than " + Passwords.MIN_LENGTH + " characters; using it anyway "
                    + "for the demo");
        }
        return new DemoBanner.Account(
                email, password.orElseGet(() -> Hashing.randomToken(12)), password.isEmpty(), key);
    }

    /** Logs {@code banner} once the current transaction has committed (at once when there is none). */
    private void logAfterCommit(String banner) {
        if (transactions == null || transactions.getTransactionKey() == null) {
            LOG.info(banner);
            return;
        }
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {}

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    LOG.info(banner);
                } else {
                    LOG.severe("Demo seeding was rolled back (transaction status " + status
                            + "); no demo data was written");
                }
            }
        });
    }

    /**
     * Takes the transaction-scoped advisory lock (a second node starting at the same time waits, then
     * sees the rows) and tells whether {@code warden_users} is empty.
     */
    static boolean lockAndCheckEmpty(Connection c) throws SQLException {
        Sql.list(c, "SELECT pg_advisory_xact_lock(?)", rs -> null, ADVISORY_LOCK_KEY);
        return !Sql.first(c, "SELECT EXISTS (SELECT 1 FROM warden_users)", rs -> rs.getBoolean(1))
                .orElseThrow();
    }

    /** What {@link #seed} wrote: the API token's plaintext (shown once) and a one-line count summary. */
    record Outcome(String apiToken, String summary, List<Long> simulatedInstances) {}

    /**
     * Writes the whole demo data set through {@code c} (which must be in a transaction, or in auto-commit for a
     * throw-away database), the data sets in a fixed order so that {@code random} always gives the same data.
     * {@code hasher} turns a password into its stored hash.
     */
    static Outcome seed(
            Connection c,
            Random random,
            Instant now,
            DemoBanner.Account admin,
            DemoBanner.Account mod,
            int playerCount,
            UnaryOperator<String> hasher,
            String simulatorUrl,
            String agentSecret)
            throws SQLException {
        DemoWriter w = new DemoWriter(c, random, now.truncatedTo(ChronoUnit.SECONDS));
        PlayerSeeder people = new PlayerSeeder(w);
        people.staff(admin.email(), admin.password(), mod.password(), hasher);
        people.players(playerCount);
        GameDataSeeder game = new GameDataSeeder(w, people.players());
        game.seed();
        people.notes();
        HostingSeeder hosting = new HostingSeeder(w, simulatorUrl, agentSecret);
        String token =
                hosting.seed(people.adminId(), people.modId(), people.players().get(0));
        LOG.info("seeded hosting history: " + HostingHistorySeeder.seed(c, w.now));
        String summary = people.summary() + ", " + game.summary() + ", " + people.noteRows() + " user notes, "
                + hosting.summary();
        return new Outcome(token, summary, hosting.simulatedInstances());
    }
}
