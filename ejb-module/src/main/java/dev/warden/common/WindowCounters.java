package dev.warden.common;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Warden's one fixed-window counter store, {@code warden_window_counters}, shared by every node: the sign-in,
 * password reset, SSO, player sign-in, room creation and agent report limits, and the hosting API's rate limits
 * (docs/architecture.md, "Counting requests"; docs/decisions/one-window-counter-store.md).
 *
 * <p>One row per key: when its window started and its hits in that window. A hit is one SQL statement
 * ({@code INSERT ... ON CONFLICT (key) DO UPDATE ... RETURNING}): the row lock orders concurrent hits, so each sees a
 * distinct count and a limit cannot be raced. A window ends {@code windowSeconds} after it started; the next hit
 * then starts a new one. It starts either at the key's first hit ({@link Windows#FROM_FIRST_HIT}) or on the
 * epoch-aligned boundary of the database clock ({@link Windows#ALIGNED}, the same on every node). Rows whose window
 * started more than {@link #PRUNE_AFTER} ago are deleted, a bounded batch that never waits on a locked row, whenever
 * a hit opens a new window.
 *
 * <p>The EJB methods run in a transaction of their own, so a refused request's rollback keeps its hit. A caller
 * that must count inside a statement of its own (the hosting API's token check and count in one round trip) builds
 * it with {@link #hitSql}, and gives back or prunes with {@link #giveBack} and {@link #pruneAfterNewWindow}.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class WindowCounters {

    /** Rows whose window started longer ago than this are deleted; longer than every configured window. */
    public static final String PRUNE_AFTER = "2 days";

    /** Rows deleted at most per pruning statement. */
    static final int PRUNE_BATCH = 1000;

    /** Where a key's window starts. */
    public enum Windows {
        /** At the key's first hit (sign-in and other abuse limits). */
        FROM_FIRST_HIT,
        /** On the epoch-aligned boundary of the database clock, e.g. every whole minute (hosting API limits). */
        ALIGNED
    }

    /** The state of one key after a hit: hits in the current window and whole seconds until it ends (≥ 1). */
    public record Count(long hits, long retryAfterSeconds) {}

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /**
     * Counts one hit on each key (in the given order, which is also the lock order) in a window of
     * {@code windowSeconds} that starts at a key's first hit ({@link Windows#FROM_FIRST_HIT}).
     *
     * @return the count of every key, in the order given
     * @throws IllegalStateException when the database fails
     */
    public Map<String, Count> hit(List<String> keys, long windowSeconds) {
        return hit(keys, windowSeconds, Windows.FROM_FIRST_HIT);
    }

    /**
     * Counts one hit on each key (in the given order, which is also the lock order) in windows of
     * {@code windowSeconds} that start as {@code windows} says.
     *
     * @return the count of every key, in the order given
     * @throws IllegalStateException when the database fails
     */
    public Map<String, Count> hit(List<String> keys, long windowSeconds, Windows windows) {
        String[] distinct = new LinkedHashSet<>(keys).toArray(String[]::new);
        Map<String, Count> counts = new LinkedHashMap<>();
        Sql.with(dataSource, "Counting a limited request", c -> {
            List<Map.Entry<String, Count>> rows = Sql.list(
                    c,
                    hitSql("SELECT k, n FROM unnest(?::text[]) WITH ORDINALITY AS t(k, n)", windowSeconds, windows),
                    rs -> Map.entry(rs.getString(1), new Count(rs.getLong(2), Math.max(1, rs.getLong(3)))),
                    (Object) distinct);
            rows.forEach(row -> counts.put(row.getKey(), row.getValue()));
            pruneAfterNewWindow(c, rows.stream().anyMatch(row -> row.getValue().hits() == 1));
            return null;
        });
        Map<String, Count> ordered = new LinkedHashMap<>();
        keys.forEach(key -> ordered.put(key, counts.get(key)));
        return ordered;
    }

    /** Takes one hit back from {@code key} (not below zero), e.g. a sign-in that succeeded. */
    public void release(String key) {
        Sql.with(dataSource, "Updating a request counter", c -> giveBack(c, key));
    }

    /** Forgets {@code key}: its next hit starts a new window. */
    public void reset(String key) {
        Sql.update(dataSource, "Updating a request counter", "DELETE FROM warden_window_counters WHERE key = ?", key);
    }

    /**
     * The counting statement over the keys that {@code keysQuery} selects, for a caller that counts inside a
     * statement of its own (e.g. as a {@code WITH counted AS (...)} part). {@code keysQuery} is SQL text of the
     * caller's (its parameters are the statement's only ones) selecting two columns: the key and its position
     * (the lock order). The statement returns, per key, {@code key}, {@code hits} (this hit included) and
     * {@code reset_seconds} (whole seconds until the window ends, ≥ 1).
     *
     * @throws IllegalArgumentException when {@code windowSeconds} is not positive
     */
    public static String hitSql(String keysQuery, long windowSeconds, Windows windows) {
        if (windowSeconds <= 0) {
            throw new IllegalArgumentException("window must be positive: " + windowSeconds);
        }
        String window = "make_interval(secs => " + windowSeconds + ")";
        String start = windows == Windows.ALIGNED
                ? "date_bin(" + window + ", now(), timestamptz '1970-01-01 00:00:00+00')"
                : "now()";
        String ended = "c.window_started_at <= now() - " + window;
        return """
                INSERT INTO warden_window_counters AS c (key, window_started_at, hits)
                SELECT q.key, %s, 1 FROM (%s) AS q(key, ord) ORDER BY q.ord
                ON CONFLICT (key) DO UPDATE SET
                    hits = CASE WHEN %s THEN 1 ELSE c.hits + 1 END,
                    window_started_at = CASE WHEN %s THEN excluded.window_started_at ELSE c.window_started_at END
                RETURNING c.key, c.hits,
                          ceil(extract(epoch FROM c.window_started_at + %s - now()))::bigint AS reset_seconds"""
                .formatted(start, keysQuery, ended, ended, window);
    }

    /**
     * Takes one hit back from each of {@code keys} (not below zero) on the caller's connection, e.g. a refused
     * request that must consume nothing, in the transaction that counted it (which still holds the rows' locks).
     */
    public static int giveBack(Connection c, String... keys) throws SQLException {
        return Sql.update(
                c,
                "UPDATE warden_window_counters SET hits = greatest(hits - 1, 0) WHERE key = ANY (?::text[])",
                (Object) keys);
    }

    /**
     * Deletes up to {@link #PRUNE_BATCH} rows whose window started more than {@link #PRUNE_AFTER} ago, never waiting
     * on a row another transaction holds, when {@code openedWindow} (a hit just opened a new window).
     */
    public static void pruneAfterNewWindow(Connection c, boolean openedWindow) throws SQLException {
        if (openedWindow) {
            Sql.update(
                    c,
                    """
                    DELETE FROM warden_window_counters WHERE ctid IN (
                        SELECT ctid FROM warden_window_counters WHERE window_started_at < now() - interval '%s'
                        LIMIT %d FOR UPDATE SKIP LOCKED)"""
                            .formatted(PRUNE_AFTER, PRUNE_BATCH));
        }
    }
}
