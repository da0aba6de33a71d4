package dev.warden.panel.crud;

import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.ColumnType;
import jakarta.json.JsonNumber;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Locale;

/**
 * Converts the JSON value of one column in a create or update body into the JDBC value bound for that
 * column, and binds it (docs/admin-api.md: "All bodies are JSON keyed by SQL column names. Timestamps
 * are ISO 8601 UTC strings").
 *
 * <table>
 *   <caption>Accepted JSON per column type</caption>
 *   <tr><th>column type</th><th>JSON</th><th>bound as</th></tr>
 *   <tr><td>integer (int2, int4, int8)</td><td>integral number, or a string holding one; range of the SQL type</td><td>{@link Long}</td></tr>
 *   <tr><td>number</td><td>number, or a string holding one</td><td>{@link BigDecimal}</td></tr>
 *   <tr><td>boolean</td><td>true/false, or a string {@code true}/{@code false}/{@code 1}/{@code 0}/...</td><td>{@link Boolean}</td></tr>
 *   <tr><td>string</td><td>string</td><td>{@link String}</td></tr>
 *   <tr><td>uuid, datetime, date</td><td>string, read by {@link ColumnType#parse}</td><td>{@code UUID}, {@code OffsetDateTime}, {@code LocalDateTime}, {@code LocalDate}</td></tr>
 *   <tr><td>json, jsonb</td><td>any JSON value except null</td><td>its JSON text, through {@code CAST(? AS jsonb)}</td></tr>
 *   <tr><td>other (arrays, bytea, enums, ...)</td><td>string in PostgreSQL's text form</td><td>text of unspecified type, converted by the server</td></tr>
 * </table>
 * JSON {@code null} is SQL NULL for every type (so a jsonb column cannot hold the JSON literal {@code null}).
 */
public final class BodyValues {

    /** Beyond every integer column's range; checked before exact conversion (1e1000000 is a valid JSON number). */
    private static final BigDecimal TOO_LARGE = new BigDecimal("1e20");

    private BodyValues() {}

    /**
     * The value bound for {@code column}, or null for JSON {@code null}.
     *
     * @throws IllegalArgumentException with a human message (no SQL) when {@code value} does not fit the column
     */
    public static Object convert(ColumnDef column, JsonValue value) {
        if (value == null || value == JsonValue.NULL) {
            return null;
        }
        ColumnType type = column.type();
        return switch (type) {
            case INTEGER -> integer(column, value);
            case NUMBER -> {
                if (value instanceof JsonNumber n) {
                    yield n.bigDecimalValue();
                }
                yield type.parse(string(value, "a number"));
            }
            case BOOLEAN -> {
                if (value == JsonValue.TRUE || value == JsonValue.FALSE) {
                    yield value == JsonValue.TRUE;
                }
                yield type.parse(string(value, "true or false"));
            }
            case STRING, OTHER -> string(value, "a string");
            case UUID_TYPE -> {
                String text = string(value, "a UUID string");
                try {
                    yield type.parse(text);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("expected a UUID, got '" + text + "'");
                }
            }
            case DATETIME, LOCAL_DATETIME -> type.parse(string(value, "an ISO 8601 time string"));
            case DATE -> type.parse(string(value, "an ISO 8601 date string (YYYY-MM-DD)"));
            case JSON -> value.toString();
        };
    }

    /** The SQL placeholder for {@code column}: {@code CAST(? AS jsonb)} (or {@code json}) for JSON columns, else {@code ?}. */
    public static String placeholder(ColumnDef column) {
        if (column.type() == ColumnType.JSON) {
            return "json".equalsIgnoreCase(column.sqlType()) ? "CAST(? AS json)" : "CAST(? AS jsonb)";
        }
        return "?";
    }

    /** Binds {@code value} (from {@link #convert}) as parameter {@code index} for {@code column}. */
    public static void bind(PreparedStatement ps, int index, ColumnDef column, Object value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.OTHER);
            return;
        }
        switch (column.type()) {
            case INTEGER -> ps.setLong(index, (Long) value);
            case NUMBER -> ps.setBigDecimal(index, (BigDecimal) value);
            case BOOLEAN -> ps.setBoolean(index, (Boolean) value);
            case STRING, JSON -> ps.setString(index, (String) value);
            case OTHER -> ps.setObject(index, value, Types.OTHER);
            default -> ps.setObject(index, value);
        }
    }

    private static Long integer(ColumnDef column, JsonValue value) {
        BigInteger integral;
        if (value instanceof JsonNumber n) {
            BigDecimal decimal = n.bigDecimalValue();
            if (decimal.abs().compareTo(TOO_LARGE) >= 0) {
                throw new IllegalArgumentException("out of range for " + column.sqlType());
            }
            try {
                integral = decimal.toBigIntegerExact();
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("expected an integer, got " + n);
            }
        } else {
            String text = string(value, "an integer").strip();
            if (text.length() > 40) {
                throw new IllegalArgumentException(
                        "expected an integer in range, got a " + text.length() + "-character string");
            }
            try {
                integral = new BigInteger(text);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected an integer, got '" + text + "'");
            }
        }
        long min;
        long max;
        switch (column.sqlType().toLowerCase(Locale.ROOT)) {
            case "int2" -> {
                min = Short.MIN_VALUE;
                max = Short.MAX_VALUE;
            }
            case "int4" -> {
                min = Integer.MIN_VALUE;
                max = Integer.MAX_VALUE;
            }
            default -> {
                min = Long.MIN_VALUE;
                max = Long.MAX_VALUE;
            }
        }
        if (integral.compareTo(BigInteger.valueOf(min)) < 0 || integral.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new IllegalArgumentException("out of range (" + min + " to " + max + ")");
        }
        return integral.longValueExact();
    }

    private static String string(JsonValue value, String expected) {
        if (value instanceof JsonString s) {
            return s.getString();
        }
        throw new IllegalArgumentException("expected " + expected + ", got " + describe(value));
    }

    private static String describe(JsonValue value) {
        return switch (value.getValueType()) {
            case OBJECT -> "an object";
            case ARRAY -> "an array";
            case NUMBER -> "a number";
            case TRUE, FALSE -> "a boolean";
            case STRING -> "a string";
            case NULL -> "null";
        };
    }
}
