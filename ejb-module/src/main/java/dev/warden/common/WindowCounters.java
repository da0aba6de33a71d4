package dev.warden.common;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.DataSource;

/**
 * Fixed-window hit counters in {@code warden_limit_counters}, shared by every node (sign-in,
 * password reset and agent report limits). {@link #hit} counts and reads in one SQL statement
 * ({@code INSERT ... ON CONFLICT DO UPDATE ... RETURNING}): the row lock orders concurrent hits, so each one sees a
 * distinct count and a limit cannot be raced. Each call runs in its own transaction, so a refused request's
 * rollback keeps its hit.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class WindowCounters {

    /** The state of one key after a hit: hits in the current window and whole seconds until it ends (≥ 1). */
    public record Count(long hits, long retryAfterSeconds) {}

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /**
     * Counts one hit on each key (in the given order, which is also the lock order) in a window of
     * {@code windowSeconds} that starts at a key's first hit.
     *
     * @return the count of every key, in the order given
     */
    public Map<String, Count> hit(List<String> keys, long windowSeconds) {
        String sql =
                """
                INSERT INTO warden_limit_counters AS c (key, window_started_at, hits)
                SELECT k, now(), 1 FROM unnest(?::text[]) WITH ORDINALITY AS t(k, n) ORDER BY n
                ON CONFLICT (key) DO UPDATE SET
                    hits = CASE WHEN c.window_started_at <= now() - make_interval(secs => ?) THEN 1 ELSE c.hits + 1 END,
                    window_started_at = CASE WHEN c.window_started_at <= now() - make_interval(secs => ?)
                                             THEN now() ELSE c.window_started_at END
                RETURNING c.key, c.hits, ceil(extract(epoch FROM c.window_started_at + make_interval(secs => ?) - now()))""";
        String[] distinct = new java.util.LinkedHashSet<>(keys).toArray(String[]::new);
        Map<String, Count> counts = new LinkedHashMap<>();
        List<Map.Entry<String, Count>> hits = Sql.with(dataSource, "Counting a limited request", c -> {
            List<Map.Entry<String, Count>> rows = Sql.list(
                    c,
                    sql,
                    rs -> Map.entry(rs.getString(1), new Count(rs.getLong(2), Math.max(1, rs.getLong(3)))),
                    distinct,
                    windowSeconds,
                    windowSeconds,
                    windowSeconds);
            if (ThreadLocalRandom.current().nextInt(200) == 0) {
                Sql.update(c, "DELETE FROM warden_limit_counters WHERE window_started_at < now() - interval '2 days'");
            }
            return rows;
        });
        hits.forEach(hit -> counts.put(hit.getKey(), hit.getValue()));
        Map<String, Count> ordered = new LinkedHashMap<>();
        keys.forEach(key -> ordered.put(key, counts.get(key)));
        return ordered;
    }

    /** Takes one hit back from {@code key} (not below zero), e.g. a sign-in that succeeded. */
    public void release(String key) {
        Sql.update(
                dataSource,
                "Updating a request counter",
                "UPDATE warden_limit_counters SET hits = greatest(hits - 1, 0) WHERE key = ?",
                key);
    }

    /** Forgets {@code key}: its next hit starts a new window. */
    public void reset(String key) {
        Sql.update(dataSource, "Updating a request counter", "DELETE FROM warden_limit_counters WHERE key = ?", key);
    }
}
