package dev.warden.hosting.limits;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Which limits a hosting endpoint counts against (spec/hosting-api.md, Limits, rules 1, 2, 5 and the table):
 * the team budget ({@code warden.hosting.limit.team-per-minute}, default 60) always, plus the endpoint's own
 * limit when it has one ({@code warden.hosting.limit.<endpoint>-per-minute}; defaults {@code metrics} 10,
 * {@code logs} 2). Pure: configuration comes in as a lookup function.
 */
public final class LimitPolicy {

    /** Window of every limit, in seconds (the spec's limits are per minute). */
    public static final int WINDOW_SECONDS = 60;
    /** Policy name of the team budget. */
    public static final String TEAM = "team";
    /** Config key of the team budget. */
    public static final String TEAM_KEY = "warden.hosting.limit.team-per-minute";
    /** Spec defaults of the per-endpoint limits. */
    public static final Map<String, Integer> ENDPOINT_DEFAULTS = Map.of("metrics", 10, "logs", 2);
    /** Endpoints that serve one request at a time per instance (Limits, rule 5). */
    public static final List<String> ONE_AT_A_TIME_PER_INSTANCE = List.of("logs");

    /**
     * A limit to count.
     *
     * @param policy policy name ({@code team} or the endpoint)
     * @param bucket counter key: {@code team:<id>} or {@code team:<id>:<endpoint>}
     * @param limit  requests per window
     */
    public record Limit(String policy, String bucket, int limit) {
    }

    private LimitPolicy() {
    }

    /** Config key of an endpoint's own limit. */
    public static String endpointKey(String endpoint) {
        return "warden.hosting.limit." + endpoint + "-per-minute";
    }

    /**
     * The limits of {@code endpoint} for {@code teamId}, team budget first, sorted by bucket (so concurrent
     * counters always lock rows in the same order).
     *
     * @param config configured integer values by key (empty when unset)
     */
    public static List<Limit> limits(long teamId, String endpoint, Function<String, Optional<Integer>> config) {
        List<Limit> limits = new ArrayList<>();
        limits.add(new Limit(TEAM, "team:" + teamId, config.apply(TEAM_KEY).orElse(60)));
        Optional<Integer> own = config.apply(endpointKey(endpoint));
        Integer limit = own.orElse(ENDPOINT_DEFAULTS.get(endpoint));
        if (limit != null && limit > 0) {
            limits.add(new Limit(endpoint, "team:" + teamId + ":" + endpoint, limit));
        }
        return limits;
    }
}
