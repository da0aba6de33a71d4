package dev.warden.common;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/** Reading the timestamps of the wire contract (docs/admin-api.md: ISO 8601, UTC). */
public final class Times {

    private Times() {}

    /**
     * ISO 8601 with or without offset (without one it is read as UTC), or a date (midnight UTC).
     *
     * @throws DateTimeParseException when {@code text} is none of these
     */
    public static OffsetDateTime parseDateTime(String text) {
        try {
            return OffsetDateTime.parse(text);
        } catch (DateTimeParseException withoutOffset) {
            try {
                return LocalDateTime.parse(text).atOffset(ZoneOffset.UTC);
            } catch (DateTimeParseException notLocal) {
                try {
                    return LocalDate.parse(text).atStartOfDay().atOffset(ZoneOffset.UTC);
                } catch (DateTimeParseException notDate) {
                    return Instant.parse(text).atOffset(ZoneOffset.UTC);
                }
            }
        }
    }
}
