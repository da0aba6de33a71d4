package dev.warden.demo;

import static dev.warden.demo.DemoJson.json;
import static dev.warden.demo.DemoJson.obj;
import static dev.warden.demo.DemoWriter.later;

import dev.warden.common.sql.Sql;
import dev.warden.demo.DemoPeople.Person;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The demo's people: the staff (the demo admin with role {@code admin}, the moderator {@value #MOD_EMAIL} with
 * role {@code mod} of {@code users} and {@code userNotes}, each with their own password), the players (no
 * password; about one in 40 banned, never player 0, who owns the second hosting team) and the staff's notes on
 * players ({@value #NOTE_COUNT}: one per banned player by the admin at the ban, the rest at random).
 */
final class PlayerSeeder {

    /** The demo moderator's email. */
    static final String MOD_EMAIL = "mod@warden.local";
    /** Number of user notes. */
    static final int NOTE_COUNT = 50;

    /** A seeded player; {@code banReason} and {@code bannedAt} are null unless banned. */
    record Player(long id, Person person, Instant createdAt, String banReason, Instant bannedAt) {
        boolean banned() {
            return banReason != null;
        }
    }

    private final DemoWriter w;
    private long adminId;
    private long modId;
    private final List<Player> players = new ArrayList<>();
    private int userRows;
    private int roleRows;
    private int bannedPlayers;
    private int noteRows;

    PlayerSeeder(DemoWriter w) {
        this.w = w;
    }

    long adminId() {
        return adminId;
    }

    long modId() {
        return modId;
    }

    /** The players in insertion order (player 0 first). */
    List<Player> players() {
        return players;
    }

    /** The users and roles part of the summary line: {@code N users (P players, B banned), R roles}. */
    String summary() {
        return userRows + " users (" + players.size() + " players, " + bannedPlayers + " banned), " + roleRows
                + " roles";
    }

    int noteRows() {
        return noteRows;
    }

    /** The admin and the moderator with their roles; {@code hasher} turns a password into its stored hash. */
    void staff(String adminEmail, String adminPassword, String modPassword, UnaryOperator<String> hasher)
            throws SQLException {
        String sql = "INSERT INTO warden_users (email, display_name, password_hash, created_at, updated_at) "
                + "VALUES (?, ?, ?, ?, ?) RETURNING id";
        Instant adminCreated = w.now.minus(Duration.ofDays(120));
        Instant modCreated = w.now.minus(Duration.ofDays(110));
        adminId = w.insertReturningId(
                sql, adminEmail, "Demo Admin", hasher.apply(adminPassword), adminCreated, adminCreated);
        modId = w.insertReturningId(
                sql, MOD_EMAIL, "Demo Moderator", hasher.apply(modPassword), modCreated, modCreated);
        userRows += 2;
        try (DemoWriter.Batch roles =
                w.batch("INSERT INTO warden_roles (user_id, role, resource, created_at) " + "VALUES (?, ?, ?, ?)")) {
            roles.add(adminId, "admin", null, adminCreated);
            roles.add(modId, "mod", "users", modCreated);
            roles.add(modId, "mod", "userNotes", modCreated);
            roleRows = roles.count();
        }
    }

    /** {@code count} players, some banned by the admin (call after {@link #staff}). */
    void players(int count) throws SQLException {
        List<Person> people = DemoPeople.people(w.random, count);
        Set<Integer> banned = new HashSet<>();
        if (count >= 2) {
            List<Integer> candidates = new ArrayList<>();
            for (int i = 1; i < count; i++) { // player 0 owns "Other Studio": never banned
                candidates.add(i);
            }
            Collections.shuffle(candidates, w.random);
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
        try (DemoWriter.Batch batch = w.batch("INSERT INTO warden_users (email, display_name, password_hash, ban, "
                + "last_login_at, created_at, updated_at) VALUES (?, ?, ?, ?::jsonb, ?, ?, ?)")) {
            for (int i = 0; i < count; i++) {
                Person p = people.get(i);
                Instant createdAt = w.ago(Duration.ofDays(90));
                Instant lastActive = w.now;
                Object ban = null;
                Instant updatedAt = createdAt;
                if (banned.contains(i)) {
                    // Mostly recent bans: permanent, or for 7, 30 or 90 days (so some have run out).
                    Instant at = w.between(later(createdAt, w.now.minus(Duration.ofDays(20))), w.now);
                    int term = w.random.nextInt(4);
                    Instant until = term == 0 ? null : at.plus(Duration.ofDays(new int[] {7, 30, 90}[term - 1]));
                    banReasons[i] = w.pick(reasons);
                    bannedAt[i] = at;
                    ban = json(obj("reason", banReasons[i], "until", until, "by", adminId, "at", at));
                    updatedAt = at;
                    lastActive = at;
                }
                Object lastLogin = w.random.nextInt(100) < 85 ? w.between(createdAt, lastActive) : null;
                batch.add(p.email(), p.displayName(), null, ban, lastLogin, createdAt, updatedAt);
                created[i] = createdAt;
            }
            userRows += batch.count();
        }
        Map<String, Long> ids = new HashMap<>();
        for (Map.Entry<String, Long> row : Sql.list(
                w.c, "SELECT id, lower(email) FROM warden_users", rs -> Map.entry(rs.getString(2), rs.getLong(1)))) {
            ids.put(row.getKey(), row.getValue());
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

    /** The staff's notes on players: one per banned player (the ban's evidence), the rest at random. */
    void notes() throws SQLException {
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
        try (DemoWriter.Batch batch = w.batch("INSERT INTO warden_user_notes (user_id, author_id, body, created_at, "
                + "updated_at) VALUES (?, ?, ?, ?, ?)")) {
            List<Player> subjects = new ArrayList<>();
            for (Player p : players) {
                if (p.banned()) {
                    subjects.add(p);
                }
            }
            int bannedNotes = subjects.size();
            while (subjects.size() < NOTE_COUNT) {
                subjects.add(w.pick(players));
            }
            for (int i = 0; i < subjects.size(); i++) {
                Player p = subjects.get(i);
                if (i < bannedNotes) { // written by the admin who banned them, at the time of the ban
                    String body = "Banned: " + p.banReason() + ". Evidence in ticket #"
                            + (4000 + w.random.nextInt(6000)) + ".";
                    batch.add(p.id(), adminId, body, p.bannedAt(), p.bannedAt());
                } else {
                    long author = w.random.nextInt(3) == 0 ? adminId : modId;
                    Instant created = w.between(p.createdAt(), w.now);
                    batch.add(p.id(), author, w.pick(bodies), created, created);
                }
            }
            noteRows = batch.count();
        }
    }
}
