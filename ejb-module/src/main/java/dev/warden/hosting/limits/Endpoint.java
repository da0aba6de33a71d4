package dev.warden.hosting.limits;

import java.util.Arrays;
import java.util.Optional;

/**
 * The hosting API's endpoints with the requirements' Limits table (docs/hosting-api.md, "Requirements: Limits" rules 1, 2, 5, 6 and the
 * table), declared once: the rate limiter ({@link LimitPolicy}), the one-at-a-time slot, the response cache
 * ({@code CachePolicy}), the rate-limit headers (the policy names of {@code RateLimit-Policy}) and the resources'
 * {@code @HostingEndpoint} annotation all read it.
 *
 * <p>Per endpoint: its {@link #policy() name} (in {@code RateLimit-Policy}, counter buckets and the config key
 * {@code warden.hosting.limit.<name>-per-minute}), the path in the requirements, the "Refreshes every" column (the cache's time
 * to live; {@code /metrics} by resolution), its own per-minute limit (0: only the shared team budget), whether it
 * counts toward the team budget (rule 2: every endpoint does), and whether it serves one request at a time per
 * instance (rule 5).
 */
public enum Endpoint {

    // name, spec path, refresh seconds (minute, day resolution), own limit per minute (0: only the shared team
    // budget, "60, shared"), counts toward the team budget, one request at a time per instance
    APPLICATIONS("applications", "/applications", 60, 60, 0, true, false),
    METRICS_CURRENT("metrics_current", "/applications/{slug}/metrics/current", 30, 30, 0, true, false),
    METRICS("metrics", "/applications/{slug}/metrics", 60, 600, 10, true, false),
    EGRESS("egress", "/applications/{slug}/egress", 600, 600, 0, true, false),
    DEPLOYS("deploys", "/applications/{slug}/deploys", 15, 15, 0, true, false),
    DEPLOY("deploy", "/applications/{slug}/deploys/{id}", 15, 15, 0, true, false),
    BILLING("billing", "/billing", 600, 600, 0, true, false),
    LOGS("logs", "/applications/{slug}/instances/{id}/logs", 60, 60, 2, true, true);

    /** Rule 1: the team's shared budget, requests per minute (config {@link LimitPolicy#TEAM_KEY}). */
    public static final int TEAM_BUDGET_PER_MINUTE = 60;

    private final String policy;
    private final String path;
    private final int refreshSeconds;
    private final int dayRefreshSeconds;
    private final int perMinute;
    private final boolean teamBudget;
    private final boolean oneAtATimePerInstance;

    Endpoint(
            String policy,
            String path,
            int refreshSeconds,
            int dayRefreshSeconds,
            int perMinute,
            boolean teamBudget,
            boolean oneAtATimePerInstance) {
        this.policy = policy;
        this.path = path;
        this.refreshSeconds = refreshSeconds;
        this.dayRefreshSeconds = dayRefreshSeconds;
        this.perMinute = perMinute;
        this.teamBudget = teamBudget;
        this.oneAtATimePerInstance = oneAtATimePerInstance;
    }

    /** The endpoint's name, e.g. {@code metrics_current}: its rate-limit policy name, bucket and config key part. */
    public String policy() {
        return policy;
    }

    /** The requirements' path below {@code /api/v1}, e.g. {@code /applications/{slug}/metrics}. */
    public String path() {
        return path;
    }

    /**
     * Seconds an answer is served from the cache ("Refreshes every"); {@code dayResolution} selects the
     * {@code resolution=day} interval, which differs only for {@code /metrics} (10 minutes).
     */
    public int refreshSeconds(boolean dayResolution) {
        return dayResolution ? dayRefreshSeconds : refreshSeconds;
    }

    /** The requirements' own per-minute limit of the endpoint; 0 when only the shared team budget applies. */
    public int perMinute() {
        return perMinute;
    }

    /** Whether a request counts toward the team budget (rules 1 and 2). */
    public boolean countsTowardTeamBudget() {
        return teamBudget;
    }

    /** Whether the endpoint serves one request at a time per instance (rule 5). */
    public boolean oneAtATimePerInstance() {
        return oneAtATimePerInstance;
    }

    /** Config key that overrides {@link #perMinute()}: {@code warden.hosting.limit.<name>-per-minute} (0 lifts it). */
    public String configKey() {
        return "warden.hosting.limit." + policy + "-per-minute";
    }

    /** The endpoint named {@code policy} (e.g. {@code logs}); empty for an unknown name. */
    public static Optional<Endpoint> byPolicy(String policy) {
        return Arrays.stream(values()).filter(e -> e.policy.equals(policy)).findFirst();
    }
}
