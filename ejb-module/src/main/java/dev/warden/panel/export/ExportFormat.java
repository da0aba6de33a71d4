package dev.warden.panel.export;

import dev.warden.common.ApiException;
import java.util.Locale;

/**
 * The wire formats of {@code GET /admin-api/:resource/_export?format=}.
 */
public enum ExportFormat {
    /** RFC 4180 CSV: a header line of column names, CRLF line ends, UTF-8. */
    CSV("csv", "text/csv; charset=utf-8"),
    /** Newline-delimited JSON: one row object a line, keyed by column name, UTF-8. */
    NDJSON("ndjson", "application/x-ndjson");

    private final String wireName;
    private final String mediaType;

    ExportFormat(String wireName, String mediaType) {
        this.wireName = wireName;
        this.mediaType = mediaType;
    }

    /** {@code csv} or {@code ndjson}; also the file extension. */
    public String wireName() {
        return wireName;
    }

    /** The {@code Content-Type} of the answer. */
    public String mediaType() {
        return mediaType;
    }

    /**
     * The format named {@code raw}; {@link #CSV} when it is null or blank.
     *
     * @throws ApiException 422 {@code invalid_request} naming {@code format} for any other value
     */
    public static ExportFormat parse(String raw) {
        if (raw == null || raw.isBlank()) {
            return CSV;
        }
        String name = raw.strip().toLowerCase(Locale.ROOT);
        for (ExportFormat format : values()) {
            if (format.wireName.equals(name)) {
                return format;
            }
        }
        throw ApiException.invalid("format", "expected csv or ndjson, got '" + raw + "'");
    }
}
