package dev.warden.hosting.limits;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.Config;

/**
 * Counts hosting API requests against the team budget and the endpoint's own limit, and guards the
 * one-at-a-time-per-instance endpoints (spec/hosting-api.md, Limits, rules 1 to 5; DESIGN.md section 5).
 *
 * <p>The state is in PostgreSQL so it is exact with several nodes: fixed one-minute windows aligned on the
 * database clock, one row per bucket and window, all limits of a request counted by ONE upsert
 * ({@code INSERT ... ON CONFLICT DO UPDATE SET count = count + 1 RETURNING}) in a transaction of its own. When
 * any limit is exceeded the transaction is rolled back, so a refused request consumes nothing. Old windows
 * are deleted when a team opens a new window ({@code SKIP LOCKED}, never waiting on another node).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class RateLimiter {

    private static final Logger LOG = Logger.getLogger(RateLimiter.class.getName());

    private static final String COUNT_SQL =
            """
            INSERT INTO warden_rate_counters AS c (bucket, window_start, max_count, count)
            SELECT b.bucket, date_bin(make_interval(secs => ?), now(), timestamptz '1970-01-01 00:00:00+00'),
                   b.max_count, 1
            FROM unnest(?::text[], ?::int[]) WITH ORDINALITY AS b(bucket, max_count, ord)
            ORDER BY b.ord
            ON CONFLICT (bucket, window_start) DO UPDATE SET count = c.count + 1, max_count = excluded.max_count
            RETURNING c.bucket, c.count, (extract(epoch FROM c.window_start) * 1000)::bigint,
                      (extract(epoch FROM now()) * 1000)::bigint""";
    private static final String CLEANUP_SQL =
            """
            DELETE FROM warden_rate_counters WHERE ctid IN (
                SELECT ctid FROM warden_rate_counters WHERE window_start < now() - interval '5 minutes'
                LIMIT 1000 FOR UPDATE SKIP LOCKED)""";
    private static final String ENTER_SQL =
            """
            INSERT INTO warden_rate_inflight AS f (slot, holder, expires_at)
            VALUES (?, ?, now() + make_interval(secs => ?))
            ON CONFLICT (slot) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
                WHERE f.expires_at < now()
            RETURNING f.holder""";

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @Resource
    SessionContext context;

    @Inject
    Config config;

    /**
     * Counts one request of team {@code teamId} to {@code endpoint} against every limit that applies.
     *
     * @return the limits as counted, team budget first; when one is {@link LimitState#exceeded()} the request
     *         must be refused with 429 {@code rate_limited} and nothing was counted (rolled back)
     * @throws IllegalStateException when the database fails (the exception mappers answer 503 for
     *                               connection and pool failures, see {@code DatabaseFailures})
     */
    public List<LimitState> count(long teamId, Endpoint endpoint) {
        List<LimitPolicy.Limit> limits =
                LimitPolicy.limits(teamId, endpoint, key -> config.getOptionalValue(key, Integer.class));
        Map<String, LimitPolicy.Limit> byBucket = new HashMap<>();
        limits.forEach(l -> byBucket.put(l.bucket(), l));
        List<LimitState> states = new ArrayList<>();
        boolean exceeded = false;
        boolean newWindow = false;
        try (Connection c = dataSource.getConnection()) {
            try (PreparedStatement ps = c.prepareStatement(COUNT_SQL)) {
                ps.setInt(1, LimitPolicy.WINDOW_SECONDS);
                Array buckets = c.createArrayOf(
                        "text", limits.stream().map(LimitPolicy.Limit::bucket).toArray());
                Array maxima = c.createArrayOf(
                        "int4", limits.stream().map(LimitPolicy.Limit::limit).toArray());
                ps.setArray(2, buckets);
                ps.setArray(3, maxima);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        LimitPolicy.Limit limit = byBucket.get(rs.getString(1));
                        int used = rs.getInt(2);
                        long reset =
                                RateWindows.secondsUntilReset(rs.getLong(4), rs.getLong(3), LimitPolicy.WINDOW_SECONDS);
                        LimitState state =
                                new LimitState(limit.policy(), limit.limit(), used, LimitPolicy.WINDOW_SECONDS, reset);
                        exceeded |= state.exceeded();
                        newWindow |= used == 1 && LimitPolicy.TEAM.equals(limit.policy());
                        states.add(state);
                    }
                }
            }
            if (exceeded) {
                context.setRollbackOnly();
            } else if (newWindow) {
                try (PreparedStatement ps = c.prepareStatement(CLEANUP_SQL)) {
                    ps.executeUpdate();
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Rate limit check failed: " + e.getMessage(), e);
        }
        List<String> order = limits.stream().map(LimitPolicy.Limit::policy).toList();
        states.sort(java.util.Comparator.comparingInt(s -> order.indexOf(s.policy())));
        return states;
    }

    /**
     * Takes the one-at-a-time slot {@code slot} for {@code holder} (Limits, rule 5), committed at once so every
     * node sees it. A slot whose holder did not leave within {@code holdSeconds} is free again.
     *
     * @return true when taken; false when another request holds it
     */
    public boolean enter(String slot, String holder, int holdSeconds) {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(ENTER_SQL)) {
            ps.setString(1, slot);
            ps.setString(2, holder);
            ps.setInt(3, holdSeconds);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Taking slot " + slot + " failed: " + e.getMessage(), e);
        }
    }

    /** Frees {@code slot} if {@code holder} still holds it; failures are logged only (the slot expires). */
    public void leave(String slot, String holder) {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps =
                        c.prepareStatement("DELETE FROM warden_rate_inflight WHERE slot = ? AND holder = ?")) {
            ps.setString(1, slot);
            ps.setString(2, holder);
            ps.executeUpdate();
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Freeing slot " + slot + " failed; it expires by itself", e);
        }
    }
}
