package dev.warden.demo;

import static dev.warden.demo.DemoJson.json;
import static dev.warden.demo.DemoJson.obj;
import static dev.warden.demo.DemoWriter.later;

import dev.warden.demo.PlayerSeeder.Player;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * The game's own data for the demo players: ten configs (matchmaking, the season, feature flags, ...), four
 * leaderboards with entries from a share of the players, cloud saves for about 70% of them, and
 * {@value #EVENT_COUNT} analytics events of the last 30 days (about 3% anonymous), inserted in time order.
 */
final class GameDataSeeder {

    /** Number of analytics events. */
    static final int EVENT_COUNT = 2000;

    private record Event(Long userId, String name, String properties, Instant at) {}

    private final DemoWriter w;
    private final List<Player> players;
    private int configRows;
    private int leaderboardRows;
    private int entryRows;
    private int saveRows;
    private int eventRows;

    GameDataSeeder(DemoWriter w, List<Player> players) {
        this.w = w;
        this.players = players;
    }

    /** This data set's part of the summary line. */
    String summary() {
        return configRows + " configs, " + leaderboardRows + " leaderboards, " + entryRows + " leaderboard entries, "
                + saveRows + " cloud saves, " + eventRows + " analytics events";
    }

    /** Seeds configs, leaderboards, cloud saves and analytics events, in that order. */
    void seed() throws SQLException {
        configs();
        leaderboards();
        cloudSaves();
        analyticsEvents();
    }

    private void configs() throws SQLException {
        Instant seasonStart = w.now.truncatedTo(ChronoUnit.DAYS).minus(Duration.ofDays(19));
        Object[][] rows = {
            {
                "matchmaking.max_ping_ms",
                150,
                "Players whose ping to the match region is above this are not matched together."
            },
            {
                "matchmaking.region_fallback_s",
                45,
                "Seconds in the queue before a player may be matched in a neighbouring region."
            },
            {"matchmaking.party_size_max", 4, "Largest party that can queue together."},
            {"motd", "Season 4: Frostfall is live! Double XP all weekend.", "Message of the day shown on the main menu."
            },
            {
                "season.current",
                obj(
                        "id",
                        4,
                        "name",
                        "Frostfall",
                        "starts_at",
                        seasonStart,
                        "ends_at",
                        seasonStart.plus(Duration.ofDays(63))),
                "The running ranked season."
            },
            {"client.min_version", "1.8.0", "Clients older than this must update before they can play."},
            {
                "features",
                obj("crossplay", true, "voice_chat", false, "photo_mode", true),
                "Feature flags the client reads at start-up."
            },
            {
                "economy.daily_login_reward",
                obj("gold", 50, "gems", 1, "streak_bonus_every_days", 7),
                "Reward for the first login of each UTC day."
            },
            {
                "store.featured_skus",
                List.of("skin_frost_wolf", "gem_pack_large", "emote_victory_dance"),
                "Items shown on the store's front page, in order."
            },
            {"chat.messages_per_minute", 20, "Per-player chat limit; extra messages are dropped."},
        };
        try (DemoWriter.Batch batch = w.batch("INSERT INTO warden_configs (key, value, description, created_at, "
                + "updated_at) VALUES (?, ?::jsonb, ?, ?, ?)")) {
            Instant at = w.now.minus(Duration.ofDays(100));
            for (Object[] row : rows) {
                batch.add(row[0], json(row[1]), row[2], at, at);
            }
            configRows = batch.count();
        }
    }

    private void leaderboards() throws SQLException {
        String sql = "INSERT INTO warden_leaderboards (name, sort_order, reset_period, created_at) "
                + "VALUES (?, ?, ?, ?) RETURNING id";
        Instant at = w.now.minus(Duration.ofDays(100));
        long weekly = w.insertReturningId(sql, "weekly-score", "desc", "weekly", at);
        long speedrun = w.insertReturningId(sql, "speedrun", "asc", null, at);
        long allTime = w.insertReturningId(sql, "all-time", "desc", null, at);
        long arena = w.insertReturningId(sql, "arena-rating", "desc", "monthly", at);
        leaderboardRows = 4;
        List<String> maps = List.of("frost_peak", "sunken_temple", "harbor_town", "crystal_caves");
        List<String> characters = List.of("ranger", "brute", "mystic", "engineer");
        try (DemoWriter.Batch batch = w.batch("INSERT INTO warden_leaderboard_entries (leaderboard_id, user_id, "
                + "score, metadata, created_at, updated_at) VALUES (?, ?, ?, ?::jsonb, ?, ?)")) {
            for (Player p : sample(0.50)) {
                int matches = 3 + w.random.nextInt(40);
                long score = 500L + w.random.nextInt(59_500);
                entry(
                        batch,
                        weekly,
                        p,
                        score,
                        json(obj("matches", matches, "best_match", score / matches * 2)),
                        Duration.ofDays(7));
            }
            for (Player p : sample(0.25)) {
                long millis = 42_000L + w.random.nextInt(378_000);
                entry(
                        batch,
                        speedrun,
                        p,
                        millis,
                        json(obj("map", w.pick(maps), "character", w.pick(characters))),
                        Duration.ofDays(90));
            }
            for (Player p : sample(0.70)) {
                long score = 10_000L + w.random.nextInt(2_990_000);
                Object metadata = w.random.nextInt(4) == 0 ? null : json(obj("seasons", 1 + w.random.nextInt(4)));
                entry(batch, allTime, p, score, metadata, Duration.ofDays(90));
            }
            for (Player p : sample(0.35)) {
                int wins = w.random.nextInt(60);
                int losses = w.random.nextInt(60);
                long rating = Math.max(800, Math.min(2600, 1200L + (wins - losses) * 25L + w.random.nextInt(200)));
                entry(batch, arena, p, rating, json(obj("wins", wins, "losses", losses)), Duration.ofDays(30));
            }
            entryRows = batch.count();
        }
    }

    private void entry(
            DemoWriter.Batch batch, long leaderboardId, Player p, long score, Object metadata, Duration window)
            throws SQLException {
        Instant created = w.between(later(p.createdAt(), w.now.minus(window)), w.now);
        batch.add(leaderboardId, p.id(), score, metadata, created, w.between(created, w.now));
    }

    /** A random share of the players, without repeats (so leaderboard keys stay unique). */
    private List<Player> sample(double share) {
        List<Player> copy = new ArrayList<>(players);
        Collections.shuffle(copy, w.random);
        return copy.subList(0, (int) Math.max(1, Math.round(players.size() * share)));
    }

    private void cloudSaves() throws SQLException {
        List<String> slots = List.of("autosave", "slot-1", "slot-2");
        List<String> items = List.of(
                "iron_sword",
                "health_potion",
                "oak_shield",
                "fire_scroll",
                "leather_boots",
                "silver_ring",
                "mana_potion",
                "lockpick",
                "dragon_scale",
                "torch");
        List<String> checkpoints =
                List.of("forest_gate", "sunken_temple", "frost_peak", "harbor_town", "crystal_caves");
        try (DemoWriter.Batch batch = w.batch("INSERT INTO warden_cloud_saves (user_id, slot, data, created_at, "
                + "updated_at) VALUES (?, ?, ?::jsonb, ?, ?)")) {
            for (Player p : players) {
                if (w.random.nextInt(100) >= 70) {
                    continue;
                }
                int slotCount = 1 + w.random.nextInt(3);
                for (int s = 0; s < slotCount; s++) {
                    List<String> inventory = new ArrayList<>();
                    int itemCount = 1 + w.random.nextInt(6);
                    for (int k = 0; k < itemCount; k++) {
                        inventory.add(w.pick(items));
                    }
                    int level = 1 + w.random.nextInt(60);
                    String data = json(obj(
                            "level",
                            level,
                            "gold",
                            w.random.nextInt(5000) + level * 10,
                            "inventory",
                            inventory,
                            "checkpoint",
                            w.pick(checkpoints),
                            "playtime_s",
                            600 + w.random.nextInt(360_000)));
                    Instant created = w.between(p.createdAt(), w.now);
                    batch.add(p.id(), slots.get(s), data, created, w.between(created, w.now));
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
        String[] names = {
            "session_start",
            "session_end",
            "match_start",
            "match_end",
            "level_up",
            "purchase",
            "store_open",
            "tutorial_complete"
        };
        int[] weights = {26, 20, 18, 18, 7, 3, 6, 2};
        Instant windowStart = w.now.minus(Duration.ofDays(30));
        List<Event> events = new ArrayList<>(EVENT_COUNT);
        for (int i = 0; i < EVENT_COUNT; i++) {
            if (w.random.nextInt(100) < 3) {
                events.add(new Event(
                        null,
                        "app_open",
                        json(obj("platform", w.pick(platforms), "app_version", w.pick(versions), "anonymous", true)),
                        w.between(windowStart, w.now)));
                continue;
            }
            Player p = w.pick(players);
            String name = w.weighted(names, weights);
            Object properties =
                    switch (name) {
                        case "session_start" ->
                            obj(
                                    "platform",
                                    w.pick(platforms),
                                    "app_version",
                                    w.pick(versions),
                                    "country",
                                    w.pick(countries));
                        case "session_end" -> obj("duration_s", 60 + w.random.nextInt(5400));
                        case "match_start" ->
                            obj("mode", w.pick(modes), "map", w.pick(maps), "party_size", 1 + w.random.nextInt(4));
                        case "match_end" ->
                            obj(
                                    "mode",
                                    w.pick(modes),
                                    "map",
                                    w.pick(maps),
                                    "result",
                                    w.pick(List.of("win", "loss", "loss", "win", "draw")),
                                    "score",
                                    w.random.nextInt(4000),
                                    "duration_s",
                                    300 + w.random.nextInt(1200));
                        case "level_up" -> obj("level", 2 + w.random.nextInt(59));
                        case "purchase" -> {
                            int sku = w.random.nextInt(skus.size());
                            yield obj(
                                    "sku",
                                    skus.get(sku),
                                    "price_cents",
                                    prices.get(sku),
                                    "currency",
                                    w.random.nextInt(3) == 0 ? "EUR" : "USD",
                                    "store",
                                    w.pick(stores));
                        }
                        case "store_open" -> obj("tab", w.pick(List.of("featured", "skins", "bundles")));
                        default -> obj("duration_s", 120 + w.random.nextInt(900));
                    };
            events.add(new Event(p.id(), name, json(properties), w.between(later(p.createdAt(), windowStart), w.now)));
        }
        events.sort(Comparator.comparing(Event::at)); // ids follow time, as they would in production
        try (DemoWriter.Batch batch = w.batch("INSERT INTO warden_analytics_events (user_id, name, properties, "
                + "created_at) VALUES (?, ?, ?::jsonb, ?)")) {
            for (Event e : events) {
                batch.add(e.userId(), e.name(), e.properties(), e.at());
            }
            eventRows = batch.count();
        }
    }
}
