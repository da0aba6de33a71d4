package dev.warden.hosting.limits;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Which limits a hosting endpoint counts against (docs/hosting-api.md, "Requirements: Limits" rules 1, 2, 5 and the table, as
 * declared by {@link Endpoint}): the team budget ({@code warden.hosting.limit.team-per-minute}, default
 * {@link Endpoint#TEAM_BUDGET_PER_MINUTE}) for every endpoint that counts toward it, plus the endpoint's own limit
 * when it has one ({@link Endpoint#configKey()}, default {@link Endpoint#perMinute()}: {@code metrics} 10,
 * {@code logs} 2). Pure: configuration comes in as a lookup function.
 */
public final class LimitPolicy {

    /** Window of every limit, in seconds (the requirements' limits are per minute). */
    public static final int WINDOW_SECONDS = 60;
    /** Policy name of the team budget. */
    public static final String TEAM = "team";
    /** Config key of the team budget. */
    public static final String TEAM_KEY = "warden.hosting.limit.team-per-minute";

    /**
     * A limit to count.
     *
     * @param policy policy name ({@code team} or the endpoint)
     * @param bucket counter key: {@code team:<id>} or {@code team:<id>:<endpoint>}
     * @param limit  requests per window
     */
    public record Limit(String policy, String bucket, int limit) {}

    private LimitPolicy() {}

    /**
     * The limits of {@code endpoint} for {@code teamId}, team budget first, sorted by bucket (so concurrent
     * counters always lock rows in the same order).
     *
     * @param config configured integer values by key (empty when unset)
     */
    public static List<Limit> limits(long teamId, Endpoint endpoint, Function<String, Optional<Integer>> config) {
        List<Limit> limits = new ArrayList<>();
        if (endpoint.countsTowardTeamBudget()) {
            limits.add(
                    new Limit(TEAM, "team:" + teamId, config.apply(TEAM_KEY).orElse(Endpoint.TEAM_BUDGET_PER_MINUTE)));
        }
        int limit = config.apply(endpoint.configKey()).orElse(endpoint.perMinute());
        if (limit > 0) {
            limits.add(new Limit(endpoint.policy(), "team:" + teamId + ":" + endpoint.policy(), limit));
        }
        return limits;
    }

    /**
     * {@link #limits(long, Endpoint, Function)} for the endpoint named {@code endpoint} ({@link Endpoint#policy()}).
     *
     * @throws IllegalArgumentException for a name no endpoint has
     */
    public static List<Limit> limits(long teamId, String endpoint, Function<String, Optional<Integer>> config) {
        return limits(
                teamId,
                Endpoint.byPolicy(endpoint)
                        .orElseThrow(() -> new IllegalArgumentException("No hosting endpoint '" + endpoint + "'")),
                config);
    }
}
