package dev.warden.hosting.query;

import dev.warden.common.ApiException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the query parameters of one hosting API request and collects every problem, so that one 422
 * {@code invalid_request} names each bad parameter at once (docs/hosting-api.md, "Requirements: Errors": "for 422 the error
 * also has {@code fields}, mapping each invalid parameter to its messages"). Pure; unit-tested.
 *
 * <p>A parameter given twice, or given with an empty value, is invalid. Unknown parameters are ignored.
 */
public final class QueryParams {

    private final Map<String, List<String>> raw;
    private final Map<String, List<String>> errors = new LinkedHashMap<>();

    /** @param raw the decoded query parameters (name → values), e.g. JAX-RS {@code UriInfo.getQueryParameters()} */
    public QueryParams(Map<String, List<String>> raw) {
        this.raw = raw == null ? Map.of() : raw;
    }

    /**
     * The single value of {@code name}; null when absent, or when invalid (given twice or empty: recorded).
     */
    public String single(String name) {
        List<String> values = raw.get(name);
        if (values == null || values.isEmpty()) {
            return null;
        }
        if (values.size() > 1) {
            error(name, "must be given at most once");
            return null;
        }
        String value = values.get(0);
        if (value == null || value.isBlank()) {
            error(name, "must not be empty");
            return null;
        }
        return value.strip();
    }

    /** Records {@code message} for {@code name}. */
    public void error(String name, String message) {
        errors.computeIfAbsent(name, k -> new ArrayList<>()).add(message);
    }

    /** True when {@code name} has a recorded problem. */
    public boolean invalid(String name) {
        return errors.containsKey(name);
    }

    /** The recorded problems, by parameter name in the order found. */
    public Map<String, List<String>> errors() {
        return errors;
    }

    /**
     * @throws ApiException 422 {@code invalid_request} with {@code fields} when any problem was recorded
     */
    public void throwIfInvalid() {
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
    }

    /**
     * An integer parameter within [min, max], or {@code defaultValue} when absent; on a bad value the problem
     * is recorded and {@code defaultValue} returned.
     */
    public long integer(String name, long min, long max, long defaultValue) {
        String value = single(name);
        if (value == null) {
            return defaultValue;
        }
        try {
            long n = Long.parseLong(value);
            if (n < min || n > max) {
                error(name, "must be an integer from " + min + " to " + max);
                return defaultValue;
            }
            return n;
        } catch (NumberFormatException e) {
            error(name, "must be an integer from " + min + " to " + max);
            return defaultValue;
        }
    }

    /**
     * An ISO 8601 time: with an offset ({@code 2026-11-21T12:00:00Z}, {@code ...+02:00}), without one (read as
     * UTC: {@code 2026-11-21T12:00:00}, {@code 2026-11-21T12:00}), or a date alone (midnight UTC). Null when
     * absent or invalid (recorded).
     */
    public Instant time(String name) {
        String value = single(name);
        if (value == null) {
            return null;
        }
        Instant parsed = parseTime(value);
        if (parsed == null) {
            error(name, "must be an ISO 8601 time such as 2026-11-21T12:00:00Z (no offset is read as UTC)");
        }
        return parsed;
    }

    /** A strict {@code YYYY-MM-DD} date; null when absent or invalid (recorded). */
    public LocalDate date(String name) {
        String value = single(name);
        if (value == null) {
            return null;
        }
        try {
            return LocalDate.parse(value, DateTimeFormatter.ISO_LOCAL_DATE);
        } catch (DateTimeParseException e) {
            error(name, "must be a date YYYY-MM-DD");
            return null;
        }
    }

    /** {@link #time} parsing without recording: null when {@code value} is not an accepted ISO 8601 form. */
    public static Instant parseTime(String value) {
        try {
            return OffsetDateTime.parse(value, DateTimeFormatter.ISO_OFFSET_DATE_TIME)
                    .toInstant();
        } catch (DateTimeParseException ignored) {
            // try the next form
        }
        try {
            return LocalDateTime.parse(value, DateTimeFormatter.ISO_LOCAL_DATE_TIME)
                    .toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException ignored) {
            // try the next form
        }
        try {
            return LocalDate.parse(value, DateTimeFormatter.ISO_LOCAL_DATE)
                    .atStartOfDay(ZoneOffset.UTC)
                    .toInstant();
        } catch (DateTimeParseException ignored) {
            return null;
        }
    }
}
