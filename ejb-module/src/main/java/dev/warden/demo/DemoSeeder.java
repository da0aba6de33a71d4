package dev.warden.demo;

import dev.warden.auth.Passwords;
import dev.warden.common.Hashing;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.DependsOn;
import jakarta.ejb.EJBException;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.logging.Logger;

import static dev.warden.common.JsonSupport.JSON;

/**
 * Fills an empty database with a believable demo data set when the server starts with
 * {@code warden.demo=true}: a demo admin and a moderator, players (some banned), configs, leaderboards
 * and their entries, cloud saves, analytics events and user notes, plus the hosting side (two teams,
 * three applications with their locations and instances, the owners' billing accounts and the
 * applications' subscriptions, and one API token for the "Demo Studio" team). The four ready instances
 * come first (ids 1 to 4 on a fresh database) and have their agents in the simulator: endpoint
 * {@code <simulator>/agents/<id>}, agent secret {@code warden.demo.agent-secret} (only its SHA-256 is
 * stored), server ids the simulated infrastructure provider answers for. It then logs, once, a banner with the credentials, the API token and ready-to-paste
 * {@code curl} lines.
 *
 * <p>It never runs unless {@code warden.demo=true}, and never on a database whose {@code warden_users}
 * table already has rows: it does not touch existing data. Everything is written in one transaction
 * (all or nothing) with plain JDBC, from a {@link Random} with the fixed seed {@value #SEED}, so every
 * demo looks the same except the admin password (unless configured) and the API token.
 *
 * <p>Config (MicroProfile Config):
 * <ul>
 *   <li>{@code warden.demo} (boolean, default {@code false}) turns seeding on;</li>
 *   <li>{@code warden.demo.admin-email} (default {@code admin@warden.local});</li>
 *   <li>{@code warden.demo.admin-password} (default: generated at random; also the moderator's);</li>
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
@DependsOn("SchemaMigrator")
@TransactionManagement(TransactionManagementType.CONTAINER)
public class DemoSeeder {

    private static final Logger LOG = Logger.getLogger(DemoSeeder.class.getName());

    /** Seed of the {@link Random} behind every generated value. */
    static final long SEED = 42L;
    /** The demo moderator's email; the moderator shares the admin's password. */
    static final String MOD_EMAIL = "mod@warden.local";
    /** Key of the transaction-scoped advisory lock that keeps two nodes from seeding at once. */
    static final long ADVISORY_LOCK_KEY = 0x5741_5244_454EL; // "WARDEN"

    /** Default of {@code warden.demo.agent-secret}, the simulator's default too. */
    static final String DEFAULT_AGENT_SECRET = "warden-demo-agent-secret";

    private static final int BATCH_SIZE = 500;
    private static final int EVENT_COUNT = 2000;
    private static final int NOTE_COUNT = 50;
    private static final DateTimeFormatter ISO = DateTimeFormatter.ISO_INSTANT;

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

    @Inject
    @ConfigProperty(name = "warden.demo.users", defaultValue = "300")
    int users;

    @Inject
    @ConfigProperty(name = "warden.public-url", defaultValue = "http://localhost:9080")
    String publicUrl;

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

    @Resource(lookup = "jdbc/warden")
    DataSource dataSource;

    @Resource
    TransactionSynchronizationRegistry transactions;

    /**
     * Seeds the demo data at start-up if {@code warden.demo=true} and {@code warden_users} is empty, in
     * the container's transaction; any failure rolls everything back and fails the start-up.
     */
    @PostConstruct
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    void seedOnStartup() {
        if (!enabled) {
            LOG.fine("warden.demo is false: no demo data");
            return;
        }
        long started = System.nanoTime();
        String email = adminEmail.trim();
        if (email.equalsIgnoreCase(MOD_EMAIL)) {
            throw new IllegalStateException("warden.demo.admin-email must differ from the demo moderator's "
                    + MOD_EMAIL);
        }
        Optional<String> configured = adminPassword.filter(p -> !p.isBlank());
        String password = configured.orElseGet(() -> Hashing.randomToken(12));
        if (configured.isPresent() && password.length() < Passwords.MIN_LENGTH) {
            LOG.warning(() -> "warden.demo.admin-password is shorter than " + Passwords.MIN_LENGTH
                    + " characters; using it anyway for the demo");
        }
        int players = users;
        if (players < 1) {
            LOG.warning(() -> "warden.demo.users=" + users + " is below 1; seeding 1 player");
            players = 1;
        }
        try (Connection connection = dataSource.getConnection()) {
            if (!lockAndCheckEmpty(connection)) {
                LOG.info("demo data present, not seeding (warden_users already has rows)");
                return;
            }
            LOG.info("seeding demo data...");
            String simulator = simulatorUrl.filter(u -> !u.isBlank())
                    .orElse(publicUrl.trim().replaceAll("/+$", "") + "/warden-simulator").trim().replaceAll("/+$", "");
            Outcome outcome = seed(connection, new Random(SEED), Instant.now(), email, password, players,
                    passwords::hash, simulator, agentSecret);
            long millis = (System.nanoTime() - started) / 1_000_000;
            LOG.info(() -> "seeded " + outcome.summary() + " in " + millis + " ms");
            LOG.info(() -> "demo instances " + outcome.simulatedInstances() + " have their agents in the simulator ("
                    + simulator + "/agents/{id}); the simulator's instances (simulator.instances) must be these ids");
            logAfterCommit(banner(email, password, configured.isEmpty(), MOD_EMAIL, outcome.apiToken(),
                    publicUrl));
        } catch (SQLException e) {
            throw new EJBException("Demo seeding failed; the transaction is rolled back and nothing was "
                    + "written: " + e.getMessage(), e);
        }
    }

    /** Logs {@code banner} once the current transaction has committed (at once when there is none). */
    private void logAfterCommit(String banner) {
        if (transactions == null || transactions.getTransactionKey() == null) {
            LOG.info(banner);
            return;
        }
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

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
        try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
            lock.setLong(1, ADVISORY_LOCK_KEY);
            try (ResultSet rs = lock.executeQuery()) {
                rs.next();
            }
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT EXISTS (SELECT 1 FROM warden_users)");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return !rs.getBoolean(1);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Pure parts: names, emails, JSON text, the banner
    // ---------------------------------------------------------------------------------------------

    static final List<String> FIRST_NAMES = List.of(
            "Maya", "Liam", "Aisha", "Noah", "Sofia", "Mateo", "Yuki", "Lucas", "Amara", "Elias",
            "Priya", "Oliver", "Chloe", "Ravi", "Ingrid", "Diego", "Hana", "Felix", "Zara", "Tomas",
            "Leila", "Jonas", "Mei", "Kofi", "Nina", "Arjun", "Clara", "Omar", "Freya", "Kenji",
            "Lucia", "Emeka", "Astrid", "Mohammed", "Elena", "Tariq", "Julia", "Sven", "Ana", "Dmitri");

    static final List<String> LAST_NAMES = List.of(
            "Okafor", "Schmidt", "Tanaka", "Garcia", "Nguyen", "Kowalski", "Haddad", "Larsen", "Rossi",
            "Silva", "Patel", "Dubois", "Novak", "Mensah", "Johansson", "Kim", "Moreau", "Fischer", "Costa",
            "Petrov", "Murphy", "Yilmaz", "Andersen", "Sato", "Lopez", "Walker", "Chen", "Bakker", "Horvat",
            "Eriksson", "Abebe", "Brennan", "Fernandez", "Lindqvist", "Mwangi", "Ivanov", "Rahman",
            "Svoboda", "Takahashi", "Weber");

    private static final List<String> TAG_ADJECTIVES = List.of(
            "Swift", "Silent", "Crimson", "Lucky", "Frost", "Iron", "Neon", "Shadow", "Turbo", "Cosmic",
            "Rusty", "Wild");

    private static final List<String> TAG_NOUNS = List.of(
            "Falcon", "Otter", "Wolf", "Comet", "Badger", "Viper", "Panda", "Raven", "Golem", "Pixel",
            "Rocket", "Kraken");

    /** A generated player: names, a unique lower-case email and a display name. */
    record Person(String firstName, String lastName, String email, String displayName) {
    }

    /**
     * {@code count} players with unique (case-insensitively) emails of the form
     * {@code firstname.lastname<n>@example.com} and varied display names (real names, initials, gamer
     * tags), drawn from {@code random}.
     */
    static List<Person> people(Random random, int count) {
        List<Person> people = new ArrayList<>(count);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < count; i++) {
            String first = pick(random, FIRST_NAMES);
            String last = pick(random, LAST_NAMES);
            String local = (first + "." + last).toLowerCase(Locale.ROOT);
            String email = null;
            for (int attempt = 0; attempt < 20 && email == null; attempt++) {
                String candidate = local + (1 + random.nextInt(999)) + "@example.com";
                if (seen.add(candidate)) {
                    email = candidate;
                }
            }
            if (email == null) {
                // Random suffixes are below 1000, so 1000 + i cannot collide with any of them or itself.
                email = local + (1000 + i) + "@example.com";
                seen.add(email);
            }
            people.add(new Person(first, last, email, displayName(random, first, last)));
        }
        return people;
    }

    private static String displayName(Random random, String first, String last) {
        int style = random.nextInt(20);
        if (style < 8) {
            return first + " " + last;
        } else if (style < 12) {
            return first + " " + last.charAt(0) + ".";
        } else if (style < 17) {
            String tag = pick(random, TAG_ADJECTIVES) + pick(random, TAG_NOUNS);
            return random.nextBoolean() ? tag : tag + (random.nextInt(99) + 1);
        } else {
            return (first + "_" + last.substring(0, Math.min(3, last.length()))).toLowerCase(Locale.ROOT)
                    + random.nextInt(100);
        }
    }

    /**
     * The start-up banner: credentials, the API token and three ready-to-paste {@code curl} lines (log in
     * to the admin API, list users with the session cookie, read the hosting API with the token).
     */
    static String banner(String adminEmail, String adminPassword, boolean passwordGenerated, String modEmail,
                         String apiToken, String publicUrl) {
        String url = publicUrl.trim();
        while (url.endsWith("/")) {
            url = url.substring(0, url.length() - 1);
        }
        String login = json(obj("email", adminEmail, "password", adminPassword));
        String rule = "=".repeat(78);
        String nl = System.lineSeparator();
        return String.join(nl,
                "",
                rule,
                "  Warden demo data is ready (warden.demo=true)",
                rule,
                "  Admin panel:  " + url + "/admin/",
                "  Admin:        " + adminEmail,
                "  Password:     " + adminPassword + (passwordGenerated
                        ? "   (generated; set warden.demo.admin-password to choose one)"
                        : "   (from warden.demo.admin-password)"),
                "  Moderator:    " + modEmail + " (same password; mod of users and userNotes)",
                "  API token:    " + apiToken + " (team Demo Studio; shown only here)",
                "",
                "  Log in to the admin API (keeps the session cookie in /tmp/warden.cookies):",
                "    curl -i -c /tmp/warden.cookies -H 'Content-Type: application/json' -d "
                        + shellQuote(login) + " " + url + "/admin-api/auth/login",
                "  List users with that session:",
                "    curl -i -b /tmp/warden.cookies '" + url + "/admin-api/users?_start=0&_end=10&_sort=id&_order=asc'",
                "  Read the hosting API with the token:",
                "    curl -i -H 'Authorization: Bearer " + apiToken + "' " + url + "/api/v1/applications",
                rule);
    }

    /** {@code value} in single quotes for a POSIX shell (a quote inside becomes {@code '\''}). */
    static String shellQuote(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
    }

    /** An insertion-ordered map from alternating keys and values (values may be null). */
    static Map<String, Object> obj(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("obj needs key/value pairs");
        }
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    /**
     * JSON text of {@code value} (written by JSON-P): null, String, Boolean, Integer/Long/BigDecimal, Instant
     * (as an ISO 8601 string in UTC), Map with String keys, or a Collection of those.
     */
    static String json(Object value) {
        return jsonValue(value).toString();
    }

    private static JsonValue jsonValue(Object value) {
        if (value == null) {
            return JsonValue.NULL;
        } else if (value instanceof String s) {
            return JSON.createValue(s);
        } else if (value instanceof Instant t) {
            return JSON.createValue(ISO.format(t));
        } else if (value instanceof Boolean b) {
            return b ? JsonValue.TRUE : JsonValue.FALSE;
        } else if (value instanceof Integer || value instanceof Long) {
            return JSON.createValue(((Number) value).longValue());
        } else if (value instanceof BigDecimal d) {
            return JSON.createValue(d);
        } else if (value instanceof Map<?, ?> map) {
            JsonObjectBuilder out = JSON.createObjectBuilder();
            map.forEach((k, v) -> out.add((String) k, jsonValue(v)));
            return out.build();
        } else if (value instanceof Collection<?> items) {
            JsonArrayBuilder out = JSON.createArrayBuilder();
            items.forEach(item -> out.add(jsonValue(item)));
            return out.build();
        }
        throw new IllegalArgumentException("no JSON form for " + value.getClass().getName());
    }

    private static <T> T pick(Random random, List<T> items) {
        return items.get(random.nextInt(items.size()));
    }

    // ---------------------------------------------------------------------------------------------
    // JDBC seeding
    // ---------------------------------------------------------------------------------------------

    /** What {@link #seed} wrote: the API token's plaintext (shown once) and a one-line count summary. */
    record Outcome(String apiToken, String summary, List<Long> simulatedInstances) {
    }

    /**
     * Writes the whole demo data set through {@code c} (which must be in a transaction, or in
     * auto-commit for a throw-away database). {@code hasher} turns a password into its stored hash.
     */
    static Outcome seed(Connection c, Random random, Instant now, String adminEmail, String password,
                        int playerCount, UnaryOperator<String> hasher, String simulatorUrl, String agentSecret)
            throws SQLException {
        Seeding seeding = new Seeding(c, random, now.truncatedTo(ChronoUnit.SECONDS));
        seeding.simulatorUrl = simulatorUrl;
        seeding.agentSecret = agentSecret;
        return seeding.run(adminEmail, password, playerCount, hasher);
    }

    /** A typed SQL NULL for {@link Seeding#bind}. */
    private record SqlNull(int type) {
    }

    private static final SqlNull NULL_BIGINT = new SqlNull(Types.BIGINT);
    private static final SqlNull NULL_TEXT = new SqlNull(Types.VARCHAR);
    private static final SqlNull NULL_TIME = new SqlNull(Types.TIMESTAMP_WITH_TIMEZONE);

    /** A seeded player; {@code banReason} and {@code bannedAt} are null unless banned. */
    private record Player(long id, Person person, Instant createdAt, String banReason, Instant bannedAt) {
        boolean banned() {
            return banReason != null;
        }
    }

    private record Event(Long userId, String name, String properties, Instant at) {
    }

    private static final class Seeding {

        private final Connection c;
        private final Random random;
        private final Instant now;

        private long adminId;
        private long modId;
        private final List<Player> players = new ArrayList<>();
        private int nextServerId = 1001;
        private String simulatorUrl = "http://localhost:9080/warden-simulator";
        private String agentSecret = DEFAULT_AGENT_SECRET;
        private final List<Long> simulated = new ArrayList<>();
        private int billingRows;

        private int userRows;
        private int roleRows;
        private int configRows;
        private int leaderboardRows;
        private int entryRows;
        private int saveRows;
        private int eventRows;
        private int noteRows;
        private int teamRows;
        private int applicationRows;
        private int locationRows;
        private int instanceRows;
        private int bannedPlayers;

        Seeding(Connection c, Random random, Instant now) {
            this.c = c;
            this.random = random;
            this.now = now;
        }

        Outcome run(String adminEmail, String password, int playerCount, UnaryOperator<String> hasher)
                throws SQLException {
            staff(adminEmail, password, hasher);
            players(playerCount);
            configs();
            leaderboards();
            cloudSaves();
            analyticsEvents();
            userNotes();
            String token = hosting();
            LOG.info("seeded hosting history: " + HostingHistorySeeder.seed(c, now));
            String summary = userRows + " users (" + players.size() + " players, " + bannedPlayers + " banned), "
                    + roleRows + " roles, " + configRows + " configs, " + leaderboardRows + " leaderboards, "
                    + entryRows + " leaderboard entries, " + saveRows + " cloud saves, " + eventRows
                    + " analytics events, " + noteRows + " user notes, " + teamRows + " teams, "
                    + applicationRows + " applications, " + locationRows + " locations, " + instanceRows
                    + " instances, " + billingRows + " billing accounts and subscriptions, 1 API token";
            return new Outcome(token, summary, List.copyOf(simulated));
        }

        // --- users and roles -----------------------------------------------------------------------

        private void staff(String adminEmail, String password, UnaryOperator<String> hasher) throws SQLException {
            String sql = "INSERT INTO warden_users (email, display_name, password_hash, created_at, updated_at) "
                    + "VALUES (?, ?, ?, ?, ?) RETURNING id";
            Instant adminCreated = now.minus(Duration.ofDays(120));
            Instant modCreated = now.minus(Duration.ofDays(110));
            adminId = insertReturningId(sql, adminEmail, "Demo Admin", hasher.apply(password), adminCreated,
                    adminCreated);
            modId = insertReturningId(sql, MOD_EMAIL, "Demo Moderator", hasher.apply(password), modCreated,
                    modCreated);
            userRows += 2;
            try (Batch roles = new Batch("INSERT INTO warden_roles (user_id, role, resource, created_at) "
                    + "VALUES (?, ?, ?, ?)")) {
                roles.add(adminId, "admin", NULL_TEXT, adminCreated);
                roles.add(modId, "mod", "users", modCreated);
                roles.add(modId, "mod", "userNotes", modCreated);
                roleRows = roles.count();
            }
        }

        private void players(int count) throws SQLException {
            List<Person> people = people(random, count);
            Set<Integer> banned = new HashSet<>();
            if (count >= 2) {
                List<Integer> candidates = new ArrayList<>();
                for (int i = 1; i < count; i++) { // player 0 owns "Other Studio": never banned
                    candidates.add(i);
                }
                Collections.shuffle(candidates, random);
                banned.addAll(candidates.subList(0, Math.max(1, Math.round(count / 40f))));
            }
            List<String> reasons = List.of(
                    "Speed hack detected by anti-cheat",
                    "Harassment in chat after two warnings",
                    "Chargeback fraud on three purchases",
                    "Win trading in ranked matches",
                    "Exploiting the item duplication bug");
            Instant[] created = new Instant[count];
            String[] banReasons = new String[count];
            Instant[] bannedAt = new Instant[count];
            try (Batch batch = new Batch("INSERT INTO warden_users (email, display_name, password_hash, ban, "
                    + "last_login_at, created_at, updated_at) VALUES (?, ?, ?, ?::jsonb, ?, ?, ?)")) {
                for (int i = 0; i < count; i++) {
                    Person p = people.get(i);
                    Instant createdAt = ago(Duration.ofDays(90));
                    Instant lastActive = now;
                    Object ban = NULL_TEXT;
                    Instant updatedAt = createdAt;
                    if (banned.contains(i)) {
                        // Mostly recent bans: permanent, or for 7, 30 or 90 days (so some have run out).
                        Instant at = between(later(createdAt, now.minus(Duration.ofDays(20))), now);
                        int term = random.nextInt(4);
                        Instant until = term == 0 ? null : at.plus(Duration.ofDays(new int[] {7, 30, 90}[term - 1]));
                        banReasons[i] = pick(random, reasons);
                        bannedAt[i] = at;
                        ban = json(obj("reason", banReasons[i], "until", until, "by", adminId, "at", at));
                        updatedAt = at;
                        lastActive = at;
                    }
                    Object lastLogin = random.nextInt(100) < 85 ? between(createdAt, lastActive) : NULL_TIME;
                    batch.add(p.email(), p.displayName(), NULL_TEXT, ban, lastLogin, createdAt, updatedAt);
                    created[i] = createdAt;
                }
                userRows += batch.count();
            }
            Map<String, Long> ids = new HashMap<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT id, lower(email) FROM warden_users");
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.put(rs.getString(2), rs.getLong(1));
                }
            }
            for (int i = 0; i < count; i++) {
                Person p = people.get(i);
                Long id = ids.get(p.email().toLowerCase(Locale.ROOT));
                if (id == null) {
                    throw new SQLException("demo player " + p.email() + " was not found after insert");
                }
                players.add(new Player(id, p, created[i], banReasons[i], bannedAt[i]));
            }
            bannedPlayers = banned.size();
        }

        // --- game data -----------------------------------------------------------------------------

        private void configs() throws SQLException {
            Instant seasonStart = now.truncatedTo(ChronoUnit.DAYS).minus(Duration.ofDays(19));
            Object[][] rows = {
                    {"matchmaking.max_ping_ms", 150,
                            "Players whose ping to the match region is above this are not matched together."},
                    {"matchmaking.region_fallback_s", 45,
                            "Seconds in the queue before a player may be matched in a neighbouring region."},
                    {"matchmaking.party_size_max", 4, "Largest party that can queue together."},
                    {"motd", "Season 4: Frostfall is live! Double XP all weekend.",
                            "Message of the day shown on the main menu."},
                    {"season.current", obj("id", 4, "name", "Frostfall", "starts_at", seasonStart,
                            "ends_at", seasonStart.plus(Duration.ofDays(63))),
                            "The running ranked season."},
                    {"client.min_version", "1.8.0", "Clients older than this must update before they can play."},
                    {"features", obj("crossplay", true, "voice_chat", false, "photo_mode", true),
                            "Feature flags the client reads at start-up."},
                    {"economy.daily_login_reward", obj("gold", 50, "gems", 1, "streak_bonus_every_days", 7),
                            "Reward for the first login of each UTC day."},
                    {"store.featured_skus", List.of("skin_frost_wolf", "gem_pack_large", "emote_victory_dance"),
                            "Items shown on the store's front page, in order."},
                    {"chat.messages_per_minute", 20, "Per-player chat limit; extra messages are dropped."},
            };
            try (Batch batch = new Batch("INSERT INTO warden_configs (key, value, description, created_at, "
                    + "updated_at) VALUES (?, ?::jsonb, ?, ?, ?)")) {
                Instant at = now.minus(Duration.ofDays(100));
                for (Object[] row : rows) {
                    batch.add(row[0], json(row[1]), row[2], at, at);
                }
                configRows = batch.count();
            }
        }

        private void leaderboards() throws SQLException {
            String sql = "INSERT INTO warden_leaderboards (name, sort_order, reset_period, created_at) "
                    + "VALUES (?, ?, ?, ?) RETURNING id";
            Instant at = now.minus(Duration.ofDays(100));
            long weekly = insertReturningId(sql, "weekly-score", "desc", "weekly", at);
            long speedrun = insertReturningId(sql, "speedrun", "asc", NULL_TEXT, at);
            long allTime = insertReturningId(sql, "all-time", "desc", NULL_TEXT, at);
            long arena = insertReturningId(sql, "arena-rating", "desc", "monthly", at);
            leaderboardRows = 4;
            List<String> maps = List.of("frost_peak", "sunken_temple", "harbor_town", "crystal_caves");
            List<String> characters = List.of("ranger", "brute", "mystic", "engineer");
            try (Batch batch = new Batch("INSERT INTO warden_leaderboard_entries (leaderboard_id, user_id, score, "
                    + "metadata, created_at, updated_at) VALUES (?, ?, ?, ?::jsonb, ?, ?)")) {
                for (Player p : sample(0.50)) {
                    int matches = 3 + random.nextInt(40);
                    long score = 500L + random.nextInt(59_500);
                    entry(batch, weekly, p, score, json(obj("matches", matches, "best_match", score / matches * 2)),
                            Duration.ofDays(7));
                }
                for (Player p : sample(0.25)) {
                    long millis = 42_000L + random.nextInt(378_000);
                    entry(batch, speedrun, p, millis,
                            json(obj("map", pick(random, maps), "character", pick(random, characters))),
                            Duration.ofDays(90));
                }
                for (Player p : sample(0.70)) {
                    long score = 10_000L + random.nextInt(2_990_000);
                    Object metadata = random.nextInt(4) == 0 ? NULL_TEXT : json(obj("seasons", 1 + random.nextInt(4)));
                    entry(batch, allTime, p, score, metadata, Duration.ofDays(90));
                }
                for (Player p : sample(0.35)) {
                    int wins = random.nextInt(60);
                    int losses = random.nextInt(60);
                    long rating = Math.max(800, Math.min(2600, 1200L + (wins - losses) * 25L + random.nextInt(200)));
                    entry(batch, arena, p, rating, json(obj("wins", wins, "losses", losses)), Duration.ofDays(30));
                }
                entryRows = batch.count();
            }
        }

        private void entry(Batch batch, long leaderboardId, Player p, long score, Object metadata, Duration window)
                throws SQLException {
            Instant created = between(later(p.createdAt(), now.minus(window)), now);
            batch.add(leaderboardId, p.id(), score, metadata, created, between(created, now));
        }

        private void cloudSaves() throws SQLException {
            List<String> slots = List.of("autosave", "slot-1", "slot-2");
            List<String> items = List.of("iron_sword", "health_potion", "oak_shield", "fire_scroll",
                    "leather_boots", "silver_ring", "mana_potion", "lockpick", "dragon_scale", "torch");
            List<String> checkpoints = List.of("forest_gate", "sunken_temple", "frost_peak", "harbor_town",
                    "crystal_caves");
            try (Batch batch = new Batch("INSERT INTO warden_cloud_saves (user_id, slot, data, created_at, "
                    + "updated_at) VALUES (?, ?, ?::jsonb, ?, ?)")) {
                for (Player p : players) {
                    if (random.nextInt(100) >= 70) {
                        continue;
                    }
                    int slotCount = 1 + random.nextInt(3);
                    for (int s = 0; s < slotCount; s++) {
                        List<String> inventory = new ArrayList<>();
                        int itemCount = 1 + random.nextInt(6);
                        for (int k = 0; k < itemCount; k++) {
                            inventory.add(pick(random, items));
                        }
                        int level = 1 + random.nextInt(60);
                        String data = json(obj("level", level, "gold", random.nextInt(5000) + level * 10,
                                "inventory", inventory, "checkpoint", pick(random, checkpoints),
                                "playtime_s", 600 + random.nextInt(360_000)));
                        Instant created = between(p.createdAt(), now);
                        batch.add(p.id(), slots.get(s), data, created, between(created, now));
                    }
                }
                saveRows = batch.count();
            }
        }

        private void analyticsEvents() throws SQLException {
            List<String> platforms = List.of("windows", "macos", "linux", "ios", "android", "switch");
            List<String> versions = List.of("1.8.0", "1.8.1", "1.9.0");
            List<String> countries = List.of("DE", "US", "BR", "JP", "GB", "FR", "IN", "SG", "NL", "PL");
            List<String> modes = List.of("casual", "ranked", "arena");
            List<String> maps = List.of("frost_peak", "sunken_temple", "harbor_town", "crystal_caves");
            List<String> skus = List.of("gem_pack_small", "gem_pack_large", "skin_frost_wolf", "battle_pass");
            List<Integer> prices = List.of(499, 1999, 999, 1499);
            List<String> stores = List.of("steam", "app_store", "google_play");
            String[] names = {"session_start", "session_end", "match_start", "match_end", "level_up", "purchase",
                    "store_open", "tutorial_complete"};
            int[] weights = {26, 20, 18, 18, 7, 3, 6, 2};
            Instant windowStart = now.minus(Duration.ofDays(30));
            List<Event> events = new ArrayList<>(EVENT_COUNT);
            for (int i = 0; i < EVENT_COUNT; i++) {
                if (random.nextInt(100) < 3) {
                    events.add(new Event(null, "app_open", json(obj("platform", pick(random, platforms),
                            "app_version", pick(random, versions), "anonymous", true)),
                            between(windowStart, now)));
                    continue;
                }
                Player p = pick(random, players);
                String name = weighted(names, weights);
                Object properties = switch (name) {
                    case "session_start" -> obj("platform", pick(random, platforms),
                            "app_version", pick(random, versions), "country", pick(random, countries));
                    case "session_end" -> obj("duration_s", 60 + random.nextInt(5400));
                    case "match_start" -> obj("mode", pick(random, modes), "map", pick(random, maps),
                            "party_size", 1 + random.nextInt(4));
                    case "match_end" -> obj("mode", pick(random, modes), "map", pick(random, maps),
                            "result", pick(random, List.of("win", "loss", "loss", "win", "draw")),
                            "score", random.nextInt(4000), "duration_s", 300 + random.nextInt(1200));
                    case "level_up" -> obj("level", 2 + random.nextInt(59));
                    case "purchase" -> {
                        int sku = random.nextInt(skus.size());
                        yield obj("sku", skus.get(sku), "price_cents", prices.get(sku),
                                "currency", random.nextInt(3) == 0 ? "EUR" : "USD", "store", pick(random, stores));
                    }
                    case "store_open" -> obj("tab", pick(random, List.of("featured", "skins", "bundles")));
                    default -> obj("duration_s", 120 + random.nextInt(900));
                };
                events.add(new Event(p.id(), name, json(properties), between(later(p.createdAt(), windowStart), now)));
            }
            events.sort(Comparator.comparing(Event::at)); // ids follow time, as they would in production
            try (Batch batch = new Batch("INSERT INTO warden_analytics_events (user_id, name, properties, "
                    + "created_at) VALUES (?, ?, ?::jsonb, ?)")) {
                for (Event e : events) {
                    batch.add(e.userId() == null ? NULL_BIGINT : e.userId(), e.name(), e.properties(), e.at());
                }
                eventRows = batch.count();
            }
        }

        private void userNotes() throws SQLException {
            List<String> bodies = List.of(
                    "Asked about a missing purchase (gem_pack_small); receipt checked, gems re-granted.",
                    "Reported for abusive chat in a ranked match; first warning sent.",
                    "Requested a display name change; the old name broke the naming rules.",
                    "Win streak flagged by anti-cheat; replays reviewed, looks legitimate.",
                    "Lost progress after switching devices; autosave restored from the cloud save.",
                    "Refund requested through support; declined (outside the 14-day window).",
                    "Reported another player for griefing; evidence forwarded to the mod queue.",
                    "Account recovered after a phishing attempt; all sessions revoked.",
                    "Frostfall beta tester; keep in the feedback group.",
                    "Repeatedly AFK in ranked matches; 24 h queue penalty applied.");
            try (Batch batch = new Batch("INSERT INTO warden_user_notes (user_id, author_id, body, created_at, "
                    + "updated_at) VALUES (?, ?, ?, ?, ?)")) {
                List<Player> subjects = new ArrayList<>();
                for (Player p : players) {
                    if (p.banned()) {
                        subjects.add(p);
                    }
                }
                int bannedNotes = subjects.size();
                while (subjects.size() < NOTE_COUNT) {
                    subjects.add(pick(random, players));
                }
                for (int i = 0; i < subjects.size(); i++) {
                    Player p = subjects.get(i);
                    if (i < bannedNotes) { // written by the admin who banned them, at the time of the ban
                        String body = "Banned: " + p.banReason() + ". Evidence in ticket #"
                                + (4000 + random.nextInt(6000)) + ".";
                        batch.add(p.id(), adminId, body, p.bannedAt(), p.bannedAt());
                    } else {
                        long author = random.nextInt(3) == 0 ? adminId : modId;
                        Instant created = between(p.createdAt(), now);
                        batch.add(p.id(), author, pick(random, bodies), created, created);
                    }
                }
                noteRows = batch.count();
            }
        }

        // --- hosting -------------------------------------------------------------------------------

        /**
         * Teams, applications, locations, instances, billing and the API token; returns the token's plaintext.
         * The ready instances are inserted first (ids 1 to 4 on a fresh database: the simulator's default
         * {@code simulator.instances=4}); their agent endpoints are the simulator's and their agent secret is
         * {@code warden.demo.agent-secret} (hash only).
         */
        private String hosting() throws SQLException {
            Instant studioCreated = now.minus(Duration.ofDays(120));
            long demoStudio = team("Demo Studio", studioCreated);
            member(demoStudio, adminId, "owner", studioCreated);
            member(demoStudio, modId, "member", now.minus(Duration.ofDays(110)));

            Instant arenaCreated = now.minus(Duration.ofDays(100));
            long spaceArena = application(demoStudio, "space-arena", "Space Arena", arenaCreated);
            long fra = location(spaceArena, "fra", "Frankfurt", "DE", "ready", "vertical",
                    "fra-1.space-arena.demo.warden.dev", 2, 4096, 1000, arenaCreated);

            Instant partyCreated = now.minus(Duration.ofDays(21));
            long blockParty = application(demoStudio, "block-party", "Block Party", partyCreated);
            long sgp = location(blockParty, "sgp", "Singapore", "SG", "ready", "horizontal",
                    "sgp.block-party.demo.warden.dev", 4, 8192, 2000, partyCreated);
            Instant nycCreated = now.minus(Duration.ofMinutes(40));
            long nyc = location(blockParty, "nyc", "New York", "US", "provisioning", "vertical", null,
                    4, 8192, 2000, nycCreated);

            // A second team, so that a token can be seen to reach only its own team's applications.
            Player owner = players.get(0);
            Instant otherCreated = later(owner.createdAt(), now.minus(Duration.ofDays(45)));
            long otherStudio = team("Other Studio", otherCreated);
            member(otherStudio, owner.id(), "owner", otherCreated);
            long secret = application(otherStudio, "secret-project", "Secret Project", otherCreated);
            long ams = location(secret, "ams", "Amsterdam", "NL", "ready", "vertical",
                    "ams-1.secret-project.demo.warden.dev", 1, 2048, 500, otherCreated);

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
            billingAccount(owner.id(), "cus_demo_other", otherCreated);
            subscription(secret, "sub_demo_secret_project", otherCreated);

            String token = "wdn_" + Hashing.randomToken(32);
            insert("INSERT INTO warden_api_tokens (team_id, created_by, name, token_hash, token_prefix, created_at) "
                            + "VALUES (?, ?, ?, ?, ?, ?)",
                    demoStudio, adminId, "Demo dashboard", Hashing.sha256Hex(token), token.substring(0, 12), now);
            return token;
        }

        private void billingAccount(long userId, String customerId, Instant created) throws SQLException {
            billingRows++;
            insert("INSERT INTO warden_billing_accounts (owner_user_id, provider_customer_id, created_at) VALUES (?, ?, ?)",
                    userId, customerId, created);
        }

        private void subscription(long applicationId, String subscriptionId, Instant created) throws SQLException {
            billingRows++;
            insert("INSERT INTO warden_subscriptions (application_id, provider_subscription_id, created_at) "
                    + "VALUES (?, ?, ?)", applicationId, subscriptionId, created);
        }

        private long team(String name, Instant created) throws SQLException {
            teamRows++;
            return insertReturningId("INSERT INTO warden_teams (name, created_at) VALUES (?, ?) RETURNING id",
                    name, created);
        }

        private void member(long teamId, long userId, String role, Instant created) throws SQLException {
            insert("INSERT INTO warden_team_members (team_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
                    teamId, userId, role, created);
        }

        private long application(long teamId, String slug, String name, Instant created) throws SQLException {
            applicationRows++;
            return insertReturningId("INSERT INTO warden_applications (team_id, slug, name, maintenance_mode, "
                    + "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                    teamId, slug, name, false, created, created);
        }

        private long location(long applicationId, String code, String city, String country, String status,
                              String strategy, String endpoint, int vcpus, int ramMb, int transferGb,
                              Instant created) throws SQLException {
            locationRows++;
            return insertReturningId("INSERT INTO warden_locations (application_id, region_code, region_city, "
                            + "region_country, status, scale_strategy, endpoint, plan_vcpus, plan_ram_mb, "
                            + "plan_transfer_gb, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    applicationId, code, city, country, status, strategy, orNull(endpoint), vcpus, ramMb,
                    transferGb, created);
        }

        /**
         * An instance; a {@code simulated} one gets the simulator's agent endpoint ({@code <simulator>/agents/<id>})
         * and the demo agent secret's hash, others no endpoint and a random secret's hash.
         */
        private void instance(long locationId, boolean simulatedAgent, String status, String deployStatus,
                              Instant deployedAt, Instant created) throws SQLException {
            instanceRows++;
            String secretHash = Hashing.sha256Hex(simulatedAgent ? agentSecret : Hashing.randomToken(32));
            long id = insertReturningId("INSERT INTO warden_instances (location_id, endpoint, status, deploy_status, "
                            + "deployed_at, server_id, agent_secret_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                            + "RETURNING id",
                    locationId, NULL_TEXT, status, orNull(deployStatus),
                    deployedAt == null ? NULL_TIME : deployedAt, "srv-" + nextServerId++, secretHash, created);
            if (simulatedAgent) {
                simulated.add(id);
                insert("UPDATE warden_instances SET endpoint = ? WHERE id = ?", simulatorUrl + "/agents/" + id, id);
            }
        }

        // --- helpers -------------------------------------------------------------------------------

        /** A random share of the players, without repeats (so leaderboard keys stay unique). */
        private List<Player> sample(double share) {
            List<Player> copy = new ArrayList<>(players);
            Collections.shuffle(copy, random);
            return copy.subList(0, (int) Math.max(1, Math.round(players.size() * share)));
        }

        private String weighted(String[] values, int[] weights) {
            int total = 0;
            for (int w : weights) {
                total += w;
            }
            int roll = random.nextInt(total);
            for (int i = 0; i < values.length; i++) {
                roll -= weights[i];
                if (roll < 0) {
                    return values[i];
                }
            }
            return values[values.length - 1];
        }

        /** A random instant in the last {@code window}, to the second. */
        private Instant ago(Duration window) {
            return now.minusSeconds(1 + (long) (random.nextDouble() * (window.getSeconds() - 1)));
        }

        /** A random instant in [from, to], to the second ({@code from} when the range is empty). */
        private Instant between(Instant from, Instant to) {
            long span = to.getEpochSecond() - from.getEpochSecond();
            if (span <= 0) {
                return from;
            }
            return from.plusSeconds((long) (random.nextDouble() * (span + 1)));
        }

        private static Instant later(Instant a, Instant b) {
            return a.isAfter(b) ? a : b;
        }

        private static Object orNull(String value) {
            return value == null ? NULL_TEXT : value;
        }

        private long insertReturningId(String sql, Object... values) throws SQLException {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                bind(ps, values);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new SQLException("no id returned by " + sql);
                    }
                    return rs.getLong(1);
                }
            }
        }

        private void insert(String sql, Object... values) throws SQLException {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                bind(ps, values);
                ps.executeUpdate();
            }
        }

        static void bind(PreparedStatement ps, Object... values) throws SQLException {
            for (int i = 0; i < values.length; i++) {
                int index = i + 1;
                Object v = values[i];
                if (v instanceof SqlNull n) {
                    ps.setNull(index, n.type());
                } else if (v instanceof String s) {
                    ps.setString(index, s);
                } else if (v instanceof Long l) {
                    ps.setLong(index, l);
                } else if (v instanceof Integer n) {
                    ps.setInt(index, n);
                } else if (v instanceof Boolean b) {
                    ps.setBoolean(index, b);
                } else if (v instanceof Instant t) {
                    ps.setObject(index, OffsetDateTime.ofInstant(t, ZoneOffset.UTC));
                } else {
                    throw new IllegalArgumentException("cannot bind " + (v == null ? "untyped null" : v.getClass()));
                }
            }
        }

        /** A batched insert, sent every {@value DemoSeeder#BATCH_SIZE} rows and on close. */
        private final class Batch implements AutoCloseable {
            private final PreparedStatement ps;
            private int pending;
            private int count;

            Batch(String sql) throws SQLException {
                ps = c.prepareStatement(sql);
            }

            void add(Object... values) throws SQLException {
                bind(ps, values);
                ps.addBatch();
                count++;
                if (++pending == BATCH_SIZE) {
                    flush();
                }
            }

            int count() throws SQLException {
                flush();
                return count;
            }

            private void flush() throws SQLException {
                if (pending > 0) {
                    ps.executeBatch();
                    pending = 0;
                }
            }

            @Override
            public void close() throws SQLException {
                try {
                    flush();
                } finally {
                    ps.close();
                }
            }
        }
    }
}
