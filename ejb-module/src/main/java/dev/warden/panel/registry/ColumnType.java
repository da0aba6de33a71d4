package dev.warden.panel.registry;

import dev.warden.common.Times;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.UUID;

/**
 * The wire type of a column, derived from its PostgreSQL type, and the conversion of request text
 * (path ids, list parameters) into the JDBC value bound for that column (docs/admin-api.md: "Values are
 * converted to the column's type").
 */
public enum ColumnType {
    /** int2, int4, int8: JSON number, bound as {@link Long}. */
    INTEGER("integer"),
    /** numeric, float4, float8: JSON number, bound as {@link BigDecimal}. */
    NUMBER("number"),
    /** bool: JSON boolean. */
    BOOLEAN("boolean"),
    /** text, varchar, char, citext, enums: JSON string. */
    STRING("string"),
    /** uuid: JSON string. */
    UUID_TYPE("uuid"),
    /** timestamptz: ISO 8601 UTC string, bound as {@link OffsetDateTime}. */
    DATETIME("datetime"),
    /** timestamp without time zone: ISO 8601 string without offset. */
    LOCAL_DATETIME("datetime"),
    /** date: YYYY-MM-DD. */
    DATE("date"),
    /** json, jsonb: any JSON value. */
    JSON("json"),
    /** anything else (arrays, bytea, ...): shown as text, not filterable. */
    OTHER("string");

    private final String wireName;

    ColumnType(String wireName) {
        this.wireName = wireName;
    }

    /** The {@code type} shown in the catalog. */
    public String wireName() {
        return wireName;
    }

    /** Maps a PostgreSQL {@code pg_type.typname} (e.g. {@code int8}, {@code timestamptz}) to a column type. */
    public static ColumnType fromPostgres(String typname) {
        return switch (typname.toLowerCase(Locale.ROOT)) {
            case "int2", "int4", "int8" -> INTEGER;
            case "numeric", "float4", "float8", "money" -> NUMBER;
            case "bool" -> BOOLEAN;
            case "text", "varchar", "bpchar", "char", "citext", "name" -> STRING;
            case "uuid" -> UUID_TYPE;
            case "timestamptz" -> DATETIME;
            case "timestamp" -> LOCAL_DATETIME;
            case "date" -> DATE;
            case "json", "jsonb" -> JSON;
            default -> OTHER;
        };
    }

    /**
     * Converts request text to the value bound for this column.
     *
     * @throws IllegalArgumentException with a human message when {@code raw} is not a valid value
     */
    public Object parse(String raw) {
        String text = raw.strip();
        try {
            return switch (this) {
                case INTEGER -> Long.valueOf(text);
                case NUMBER -> new BigDecimal(text);
                case BOOLEAN -> parseBoolean(text);
                case UUID_TYPE -> UUID.fromString(text);
                case DATETIME -> parseDateTime(text);
                case LOCAL_DATETIME -> LocalDateTime.parse(text);
                case DATE -> LocalDate.parse(text);
                case STRING, JSON, OTHER -> raw;
            };
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "expected " + (this == INTEGER ? "an integer" : "a number") + ", got '" + raw + "'");
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(
                    "expected an ISO 8601 " + (this == DATE ? "date" : "time") + ", got '" + raw + "'");
        }
    }

    private static Boolean parseBoolean(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "true", "1", "t", "yes" -> Boolean.TRUE;
            case "false", "0", "f", "no" -> Boolean.FALSE;
            default -> throw new IllegalArgumentException("expected true or false, got '" + text + "'");
        };
    }

    /** ISO 8601 with or without offset (without one it is read as UTC), or a date (midnight UTC). */
    static OffsetDateTime parseDateTime(String text) {
        return Times.parseDateTime(text);
    }

    /** True when {@code _q} and {@code _like} apply (case-insensitive substring). */
    public boolean isText() {
        return this == STRING;
    }
}
