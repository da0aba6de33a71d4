package dev.warden.hosting.access;

import dev.warden.common.ApiException;
import dev.warden.common.Hashing;
import dev.warden.common.WindowCounters;
import dev.warden.common.sql.Sql;
import dev.warden.hosting.limits.Endpoint;
import dev.warden.hosting.limits.LimitPolicy;
import dev.warden.hosting.limits.LimitState;
import dev.warden.hosting.limits.RateWindows;
import dev.warden.hosting.tokens.TeamAccess;
import dev.warden.hosting.tokens.TokenService;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.Config;

/**
 * Decides whether a hosting API request is served
 * (docs/hosting-api.md, "Requirements: Authentication" rules 1 and 5, "Requirements: Limits" rules 1 to 4; docs/architecture.md, "Hosting access"):
 * is the bearer token valid (not revoked,
 * its creator still an owner or admin of its team), and does the team have room in every limit of the endpoint?
 *
 * <p>With the limits on ({@code warden.hosting.limits.enabled}, default true) a request to an endpoint is checked
 * and counted in ONE statement: the token lookup, its last-used stamp (at most once a minute) and the hits on the
 * team's counters in {@link WindowCounters} (one-minute windows aligned on the database clock, keys {@code
 * team:<id>} and {@code team:<id>:<endpoint>}). A refused request gives its hits back in the same transaction (it
 * still holds the counter rows' locks), so it consumes nothing while the token's stamp stays. With the limits off
 * only the token is checked ({@link TokenService#authenticate}).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class HostingAccess {

    /** Prefix of the counter keys of team 0, stripped to get the per-team key suffixes. */
    private static final String TEMPLATE_PREFIX = "team:0";

    /**
     * The token check of {@link TokenService#authenticate} and the hits of {@link WindowCounters#hitSql} in one
     * statement; parameters: the token hash, the key suffixes (text[], lock order). No row when the token is not
     * valid (nothing counted); one row with a null key when the endpoint counts against no limit.
     */
    private static final String DECIDE_SQL =
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
            %s)
            SELECT counted.key, counted.hits, counted.reset_seconds, tok.id, tok.team_id
            FROM tok LEFT JOIN counted ON true"""
                    .formatted(WindowCounters.hitSql(
                            """
                            SELECT 'team:' || tok.team_id || b.suffix, b.ord
                            FROM tok CROSS JOIN unnest(?::text[]) WITH ORDINALITY AS b(suffix, ord)""",
                            LimitPolicy.WINDOW_SECONDS,
                            WindowCounters.Windows.ALIGNED));

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @EJB
    TokenService tokens;

    @Inject
    Config config;

    /** One counted limit as read: its key and counts. */
    private record Hit(String key, long hits, long resetSeconds) {}

    /** The token's ids (zero when no row) and its request's hits. */
    private record Checked(long tokenId, long teamId, List<Hit> hits) {}

    /**
     * Decides on one request to {@code endpoint} carrying bearer token {@code token}.
     *
     * @param token    the bearer token as sent (null when the request carries none)
     * @param endpoint the endpoint the request matched; null when it matched none that counts (token check only)
     * @return allowed with the team access and the limits as counted (team budget first), or refused: {@code
     *         UNAUTHENTICATED} (nothing counted) or {@code RATE_LIMITED} (the limits as counted, nothing consumed)
     * @throws IllegalStateException when the database fails (answered 503 by the web layer's exception mappers)
     */
    public AccessDecision decide(String token, Endpoint endpoint) {
        try {
            TokenService.checkFormat(token);
        } catch (ApiException e) {
            return AccessDecision.unauthenticated(e.getMessage());
        }
        if (endpoint == null
                || !config.getOptionalValue("warden.hosting.limits.enabled", Boolean.class)
                        .orElse(true)) {
            try {
                return AccessDecision.allowed(tokens.authenticate(token), List.of());
            } catch (ApiException e) {
                return AccessDecision.unauthenticated(e.getMessage());
            }
        }
        return Sql.with(dataSource, "Checking a hosting API token and its limits", c -> {
            List<LimitPolicy.Limit> template = limits(0, endpoint);
            String[] suffixes = template.stream()
                    .map(l -> l.bucket().substring(TEMPLATE_PREFIX.length()))
                    .toArray(String[]::new);
            Optional<Checked> checked =
                    read(Sql.list(c, DECIDE_SQL, HostingAccess::row, Hashing.sha256Hex(token), suffixes));
            if (checked.isEmpty()) {
                return AccessDecision.unauthenticated(TokenService.notValid().getMessage());
            }
            TeamAccess access =
                    new TeamAccess(checked.get().teamId(), checked.get().tokenId());
            List<LimitPolicy.Limit> limits = limits(access.teamId(), endpoint);
            List<LimitState> states = states(limits, checked.get().hits());
            if (states.stream().anyMatch(LimitState::exceeded)) {
                WindowCounters.giveBack(
                        c, limits.stream().map(LimitPolicy.Limit::bucket).toArray(String[]::new));
                return AccessDecision.rateLimited(access, states, refusal(states));
            }
            WindowCounters.pruneAfterNewWindow(c, checked.get().hits().stream().anyMatch(h -> h.hits() == 1));
            return AccessDecision.allowed(access, states);
        });
    }

    /** Row of {@link #DECIDE_SQL}: the five columns as they are; a null key counts nothing. */
    private static Object[] row(ResultSet rs) throws SQLException {
        return new Object[] {rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5)};
    }

    /** The token and hits of {@link #DECIDE_SQL}'s rows; empty when there is no row (the token is not valid). */
    private static Optional<Checked> read(List<Object[]> rows) {
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        List<Hit> hits = new ArrayList<>();
        for (Object[] row : rows) {
            if (row[0] != null) {
                hits.add(new Hit((String) row[0], (Long) row[1], (Long) row[2]));
            }
        }
        return Optional.of(new Checked((Long) rows.get(0)[3], (Long) rows.get(0)[4], hits));
    }

    /** The limit states of {@code hits}, in the order of {@code limits} (team budget first). */
    private static List<LimitState> states(List<LimitPolicy.Limit> limits, List<Hit> hits) {
        Map<String, Hit> byKey = hits.stream().collect(Collectors.toMap(Hit::key, Function.identity()));
        List<LimitState> states = new ArrayList<>();
        for (LimitPolicy.Limit limit : limits) {
            Hit hit = byKey.get(limit.bucket());
            if (hit != null) {
                states.add(new LimitState(
                        limit.policy(),
                        limit.limit(),
                        (int) hit.hits(),
                        LimitPolicy.WINDOW_SECONDS,
                        hit.resetSeconds()));
            }
        }
        return states;
    }

    /**
     * The message of a 429 {@code rate_limited} for {@code states} (one at least exceeded): the first exceeded limit
     * and the seconds until its window resets.
     *
     * @throws java.util.NoSuchElementException when no state is exceeded
     */
    static String refusal(List<LimitState> states) {
        LimitState over =
                states.stream().filter(LimitState::exceeded).findFirst().orElseThrow();
        String which = LimitPolicy.TEAM.equals(over.policy())
                ? "the team's budget of " + over.limit() + " requests per minute"
                : "the limit of " + over.limit() + " " + over.policy() + " requests per minute";
        return "Rate limit reached: " + which + "; retry after " + RateWindows.retryAfter(over.resetSeconds()) + " s";
    }

    private List<LimitPolicy.Limit> limits(long teamId, Endpoint endpoint) {
        return LimitPolicy.limits(teamId, endpoint, key -> config.getOptionalValue(key, Integer.class));
    }
}
