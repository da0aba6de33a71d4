package dev.warden.hosting.metrics;

import dev.warden.hosting.query.QueryParams;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The parameters of {@code GET /applications/{slug}/metrics} (docs/hosting-api.md, "Requirements: Parameters", metrics). Pure;
 * unit-tested.
 *
 * <ul>
 *   <li>{@code resolution}: {@code minute} (default) or {@code day}.</li>
 *   <li>{@code from}, {@code to}: ISO 8601 times, no offset read as UTC (see {@link QueryParams#time}).
 *       Minute: both truncated to the minute; default {@code to} = the current minute, {@code from} = {@code to}
 *       minus 24 hours; at most 24 hours apart. Day: the time of day is ignored (midnight UTC); default
 *       {@code to} = today, {@code from} = 29 days before (30 day points). {@code to} is inclusive at both
 *       resolutions.</li>
 *   <li>{@code from} further back than the 35-day retention: 422 (minute: before now minus 35 days, with one
 *       minute of grace; day: a date before the day of now minus 35 days). {@code from} after {@code to}: 422.</li>
 *   <li>{@code location_id}: a positive integer (its membership of the application is checked by the service).</li>
 * </ul>
 *
 * @param resolution {@code minute} or {@code day}
 * @param from       first bucket's start (inclusive)
 * @param to         last bucket's start (inclusive)
 * @param locationId the location to restrict to, or null for all
 */
public record MetricsQuery(String resolution, Instant from, Instant to, Long locationId) {

    /** Metrics retention (docs/hosting-api.md, "Requirements: Limits": "metrics and egress retention 35 days"). */
    public static final Duration RETENTION = Duration.ofDays(35);
    /** Longest minute window. */
    public static final Duration MAX_MINUTE_WINDOW = Duration.ofHours(24);
    /** Default day window: today and the 29 days before. */
    public static final int DEFAULT_DAYS = 30;

    /** True for day resolution. */
    public boolean day() {
        return "day".equals(resolution);
    }

    /** End of the time range to read, exclusive: the last bucket's end. */
    public Instant endExclusive() {
        return day() ? to.plus(Duration.ofDays(1)) : to.plus(Duration.ofMinutes(1));
    }

    /**
     * Parses and checks the parameters; every problem is recorded in {@code params} (nothing thrown). The
     * returned query is meaningful only when {@code params} has no errors.
     */
    public static MetricsQuery parse(QueryParams params, Instant now) {
        String resolution = params.single("resolution");
        if (resolution == null && !params.invalid("resolution")) {
            resolution = "minute";
        } else if (resolution != null && !List.of("minute", "day").contains(resolution)) {
            params.error("resolution", "must be minute or day");
            resolution = null;
        }
        Instant from = params.time("from");
        Instant to = params.time("to");
        String location = params.single("location_id");
        Long locationId = null;
        if (location != null) {
            try {
                locationId = Long.parseLong(location);
                if (locationId < 1) {
                    params.error("location_id", "must be a location id (a positive integer)");
                }
            } catch (NumberFormatException e) {
                params.error("location_id", "must be a location id (a positive integer)");
            }
        }
        if (resolution == null || params.invalid("from") || params.invalid("to")) {
            return new MetricsQuery(resolution, from, to, locationId);
        }
        boolean fromGiven = from != null;
        if ("day".equals(resolution)) {
            to = midnight(to == null ? now : to);
            from = from == null ? to.minus(Duration.ofDays(DEFAULT_DAYS - 1)) : midnight(from);
            Instant oldest = midnight(now.minus(RETENTION));
            if (from.isBefore(oldest)) {
                params.error(
                        "from",
                        "metrics are kept 35 days: from must not be before "
                                + LocalDate.ofInstant(oldest, ZoneOffset.UTC));
            }
        } else {
            to = (to == null ? now : to).truncatedTo(ChronoUnit.MINUTES);
            from = from == null ? to.minus(MAX_MINUTE_WINDOW) : from.truncatedTo(ChronoUnit.MINUTES);
            Instant oldest = now.minus(RETENTION).minus(Duration.ofMinutes(1));
            if (from.isBefore(oldest)) {
                params.error(
                        "from",
                        "metrics are kept 35 days: from must not be before " + oldest.truncatedTo(ChronoUnit.MINUTES));
            } else if (Duration.between(from, to).compareTo(MAX_MINUTE_WINDOW) > 0) {
                params.error(fromGiven ? "from" : "to", "a minute window spans at most 24 hours");
            }
        }
        if (from.isAfter(to)) {
            params.error("from", "must not be after to");
        }
        return new MetricsQuery(resolution, from, to, locationId);
    }

    private static Instant midnight(Instant t) {
        return t.truncatedTo(ChronoUnit.DAYS);
    }
}
