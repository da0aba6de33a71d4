package dev.warden.hosting.egress;

import dev.warden.hosting.query.QueryParams;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * The parameters of {@code GET /applications/{slug}/egress} (docs/hosting-api.md, "Requirements: Parameters", egress): {@code from}
 * and {@code to} are dates {@code YYYY-MM-DD}, both inclusive; default the last 30 days (today, UTC, and the 29
 * days before). Egress is kept 35 days, so a {@code from} before today minus 35 days is 422, as is {@code from}
 * after {@code to}. Pure; unit-tested.
 *
 * @param from first day (inclusive)
 * @param to   last day (inclusive)
 */
public record EgressQuery(LocalDate from, LocalDate to) {

    /** Retention of egress days. */
    public static final int RETENTION_DAYS = 35;
    /** Default window: today and the 29 days before. */
    public static final int DEFAULT_DAYS = 30;

    /** Parses and checks; problems are recorded in {@code params}. */
    public static EgressQuery parse(QueryParams params, Instant now) {
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        LocalDate from = params.date("from");
        LocalDate to = params.date("to");
        if (params.invalid("from") || params.invalid("to")) {
            return new EgressQuery(from, to);
        }
        to = to == null ? today : to;
        from = from == null ? to.minusDays(DEFAULT_DAYS - 1) : from;
        LocalDate oldest = today.minusDays(RETENTION_DAYS);
        if (from.isBefore(oldest)) {
            params.error("from", "egress is kept 35 days: from must not be before " + oldest);
        }
        if (from.isAfter(to)) {
            params.error("from", "must not be after to");
        }
        return new EgressQuery(from, to);
    }
}
