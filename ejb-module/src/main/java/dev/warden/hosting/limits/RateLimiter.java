package dev.warden.hosting.limits;

import dev.warden.common.sql.Sql;
import dev.warden.hosting.tokens.TeamAccess;
import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.Config;

/**
 * Counts hosting API requests against the team budget and the endpoint's own limit, and guards the
 * one-at-a-time-per-instance endpoints (docs/hosting-api.md, "Requirements: Limits" rules 1 to 5; docs/architecture.md, "Requirements: Hosting side").
 *
 * <p>The state is in PostgreSQL so it is exact with several nodes: fixed one-minute windows aligned on the
 * database clock, one row per bucket and window, all limits of a request counted by ONE upsert
 * ({@code INSERT ... ON CONFLICT DO UPDATE SET count = count + 1 RETURNING}) in a transaction of its own. When
 * any limit is exceeded the transaction is rolled back, so a refused request consumes nothing. Old windows
 * are deleted when a team opens a new window ({@code SKIP LOCKED}, never waiting on another node).
 *
 * <p>{@link #authenticateAndCount} folds the bearer token check (and its last-used stamp) into the same statement as
 * the counters, so a limited {@code /api/v1} request makes one database round trip plus its commit for both
 * .
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
    /**
     * The token check of {@code TokenService#authenticate} (valid while not revoked and its creator is an owner or
     * admin of its team; last use stamped at most once a minute) and the upsert of {@link #COUNT_SQL} in one
     * statement: the buckets are {@code 'team:' || team id || suffix}. No row when the token is not valid (nothing
     * counted); one row with null counter columns when the endpoint counts against no limit.
     */
    private static final String AUTHENTICATE_COUNT_SQL =
            """
            WITH tok AS (
                SELECT t.id, t.team_id, t.last_used_at FROM warden_api_tokens t
                WHERE t.token_hash = ? AND t.revoked_at IS NULL
                  AND EXISTS (SELECT 1 FROM warden_team_members m
                              WHERE m.team_id = t.team_id AND m.user_id = t.created_by
                                AND m.role IN ('owner', 'admin'))),
            stamp AS (
                UPDATE warden_api_tokens u SET last_used_at = now() FROM tok
                WHERE u.id = tok.id AND (tok.last_used_at IS NULL OR tok.last_used_at < now() - interval '1 minute')),
            counted AS (
                INSERT INTO warden_rate_counters AS c (bucket, window_start, max_count, count)
                SELECT 'team:' || tok.team_id || b.suffix,
                       date_bin(make_interval(secs => ?), now(), timestamptz '1970-01-01 00:00:00+00'), b.max_count, 1
                FROM tok CROSS JOIN unnest(?::text[], ?::int[]) WITH ORDINALITY AS b(suffix, max_count, ord)
                ORDER BY b.ord
                ON CONFLICT (bucket, window_start) DO UPDATE SET count = c.count + 1, max_count = excluded.max_count
                RETURNING c.bucket, c.count, (extract(epoch FROM c.window_start) * 1000)::bigint AS window_ms,
                          (extract(epoch FROM now()) * 1000)::bigint AS now_ms)
            SELECT counted.bucket, counted.count, counted.window_ms, counted.now_ms, tok.id, tok.team_id
            FROM tok LEFT JOIN counted ON true""";
    /** Gives back what a refused request counted, in its own transaction (the row locks are still held). */
    private static final String UNCOUNT_SQL =
            """
            UPDATE warden_rate_counters SET count = count - 1
            WHERE bucket = ANY (?::text[])
              AND window_start = date_bin(make_interval(secs => ?), now(), timestamptz '1970-01-01 00:00:00+00')""";

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
        List<LimitPolicy.Limit> limits = limits(teamId, endpoint);
        try (Connection c = dataSource.getConnection()) {
            List<LimitState> states;
            try (PreparedStatement ps = c.prepareStatement(COUNT_SQL)) {
                ps.setInt(1, LimitPolicy.WINDOW_SECONDS);
                ps.setArray(
                        2,
                        c.createArrayOf(
                                "text",
                                limits.stream().map(LimitPolicy.Limit::bucket).toArray()));
                ps.setArray(
                        3,
                        c.createArrayOf(
                                "int4",
                                limits.stream().map(LimitPolicy.Limit::limit).toArray()));
                try (ResultSet rs = ps.executeQuery()) {
                    states = read(rs, team -> limits, null);
                }
            }
            if (states.stream().anyMatch(LimitState::exceeded)) {
                context.setRollbackOnly();
            } else {
                cleanupOnNewWindow(c, states);
            }
            return states;
        } catch (SQLException e) {
            throw new IllegalStateException("Rate limit check failed: " + e.getMessage(), e);
        }
    }

    /**
     * What a bearer token grants plus the count of one request of its team to {@code endpoint} ({@link #count}), in
     * one statement. A request refused by a limit gives back what it counted (a second statement, only then), so
     * nothing is consumed, while the token's last-used stamp stays.
     *
     * @param tokenHash SHA-256 (hex) of the bearer token
     * @return empty when the token is unknown, revoked or its creator lost owner/admin membership (401, nothing
     *         counted); else the access and the limits as counted, team budget first (429 when one is exceeded)
     * @throws IllegalStateException when the database fails
     */
    public Optional<Authenticated> authenticateAndCount(String tokenHash, Endpoint endpoint) {
        List<LimitPolicy.Limit> template = limits(0, endpoint);
        String prefix = "team:0";
        try (Connection c = dataSource.getConnection()) {
            Authenticated result;
            try (PreparedStatement ps = c.prepareStatement(AUTHENTICATE_COUNT_SQL)) {
                ps.setString(1, tokenHash);
                ps.setInt(2, LimitPolicy.WINDOW_SECONDS);
                ps.setArray(
                        3,
                        c.createArrayOf(
                                "text",
                                template.stream()
                                        .map(l -> l.bucket().substring(prefix.length()))
                                        .toArray()));
                ps.setArray(
                        4,
                        c.createArrayOf(
                                "int4",
                                template.stream().map(LimitPolicy.Limit::limit).toArray()));
                try (ResultSet rs = ps.executeQuery()) {
                    long[] token = new long[2];
                    List<LimitState> states = read(rs, team -> limits(team, endpoint), token);
                    if (token[0] == 0) {
                        return Optional.empty();
                    }
                    result = new Authenticated(new TeamAccess(token[1], token[0]), states);
                }
            }
            if (result.states().stream().anyMatch(LimitState::exceeded)) {
                try (PreparedStatement ps = c.prepareStatement(UNCOUNT_SQL)) {
                    ps.setArray(
                            1,
                            c.createArrayOf(
                                    "text",
                                    limits(result.access().teamId(), endpoint).stream()
                                            .map(LimitPolicy.Limit::bucket)
                                            .toArray()));
                    ps.setInt(2, LimitPolicy.WINDOW_SECONDS);
                    ps.executeUpdate();
                }
            } else {
                cleanupOnNewWindow(c, result.states());
            }
            return Optional.of(result);
        } catch (SQLException e) {
            throw new IllegalStateException("Token and rate limit check failed: " + e.getMessage(), e);
        }
    }

    /**
     * A checked token and its request's limits.
     *
     * @param access the team access the token grants
     * @param states the limits as counted, team budget first (empty when the endpoint counts against none)
     */
    public record Authenticated(TeamAccess access, List<LimitState> states) {}

    private List<LimitPolicy.Limit> limits(long teamId, Endpoint endpoint) {
        return LimitPolicy.limits(teamId, endpoint, key -> config.getOptionalValue(key, Integer.class));
    }

    /**
     * Reads counter rows (bucket, count, window start ms, now ms[, token id, team id]) into limit states sorted team
     * budget first; {@code limitsOf} gives the limits of the row's team. {@code token} not null: receives {token id,
     * team id} from columns 5 and 6 (stays 0 when there is no row). A row with a null bucket counts nothing.
     */
    private static List<LimitState> read(ResultSet rs, Function<Long, List<LimitPolicy.Limit>> limitsOf, long[] token)
            throws SQLException {
        List<LimitState> states = new ArrayList<>();
        List<LimitPolicy.Limit> limits = List.of();
        Map<String, LimitPolicy.Limit> byBucket = new HashMap<>();
        while (rs.next()) {
            long team = 0;
            if (token != null) {
                token[0] = rs.getLong(5);
                token[1] = rs.getLong(6);
                team = token[1];
            }
            if (byBucket.isEmpty()) {
                limits = limitsOf.apply(team);
                limits.forEach(l -> byBucket.put(l.bucket(), l));
            }
            String bucket = rs.getString(1);
            LimitPolicy.Limit limit = bucket == null ? null : byBucket.get(bucket);
            if (limit == null) {
                continue;
            }
            long reset = RateWindows.secondsUntilReset(rs.getLong(4), rs.getLong(3), LimitPolicy.WINDOW_SECONDS);
            states.add(new LimitState(limit.policy(), limit.limit(), rs.getInt(2), LimitPolicy.WINDOW_SECONDS, reset));
        }
        List<String> order = limits.stream().map(LimitPolicy.Limit::policy).toList();
        states.sort(java.util.Comparator.comparingInt(s -> order.indexOf(s.policy())));
        return states;
    }

    /** Deletes old windows when this request opened a new window of its team budget ({@code SKIP LOCKED}). */
    private static void cleanupOnNewWindow(Connection c, List<LimitState> states) throws SQLException {
        if (states.stream().anyMatch(s -> s.used() == 1 && LimitPolicy.TEAM.equals(s.policy()))) {
            try (PreparedStatement ps = c.prepareStatement(CLEANUP_SQL)) {
                ps.executeUpdate();
            }
        }
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
