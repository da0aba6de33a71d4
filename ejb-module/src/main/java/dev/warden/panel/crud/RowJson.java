package dev.warden.panel.crud;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.panel.registry.ColumnDef;
import jakarta.json.JsonException;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.function.Function;

/**
 * Reads result-set rows into JSON objects keyed by SQL column names
 * (docs/admin-api.md: "All bodies are JSON keyed by SQL column names. Timestamps are ISO 8601 UTC strings").
 */
public final class RowJson {

    private RowJson() {}

    /** Adds the current row's {@code columns} to {@code out}, each found by its name and converted by its type. */
    public static void read(ResultSet rs, List<ColumnDef> columns, JsonObjectBuilder out) throws SQLException {
        for (ColumnDef column : columns) {
            read(rs, rs.findColumn(column.name()), column, out);
        }
    }

    /**
     * Adds the current row's {@code columns} to {@code out}, read by position: column {@code i} of the list from
     * result column {@code first + i} (for statements that also answer other columns, {@link PageStatement}).
     */
    public static void read(ResultSet rs, List<ColumnDef> columns, int first, JsonObjectBuilder out)
            throws SQLException {
        for (int i = 0; i < columns.size(); i++) {
            read(rs, first + i, columns.get(i), out);
        }
    }

    /** Adds result column {@code index} as {@code column}, converted by its column type (SQL NULL: JSON null). */
    private static void read(ResultSet rs, int index, ColumnDef column, JsonObjectBuilder out) throws SQLException {
        JsonValue value =
                switch (column.type()) {
                    case INTEGER -> {
                        long number = rs.getLong(index);
                        yield rs.wasNull() ? null : JSON.createValue(number);
                    }
                    case NUMBER -> {
                        BigDecimal number = rs.getBigDecimal(index);
                        yield number == null ? null : JSON.createValue(number);
                    }
                    case BOOLEAN -> {
                        boolean flag = rs.getBoolean(index);
                        yield rs.wasNull() ? null : flag ? JsonValue.TRUE : JsonValue.FALSE;
                    }
                    case DATETIME ->
                        text(rs.getObject(index, OffsetDateTime.class), t -> t.toInstant()
                                .toString());
                    case LOCAL_DATETIME -> text(rs.getObject(index, LocalDateTime.class), LocalDateTime::toString);
                    case DATE -> text(rs.getObject(index, LocalDate.class), LocalDate::toString);
                    case JSON -> {
                        String text = rs.getString(index);
                        yield text == null ? null : parse(text);
                    }
                    default -> text(rs.getString(index), String::valueOf);
                };
        out.add(column.name(), value == null ? JsonValue.NULL : value);
    }

    /** {@code value} written as a JSON string, or null for SQL NULL. */
    private static <T> JsonValue text(T value, Function<T, String> format) {
        return value == null ? null : JSON.createValue(format.apply(value));
    }

    private static JsonValue parse(String text) {
        try (JsonReader reader = JSON.createReader(new StringReader(text))) {
            return reader.readValue();
        } catch (JsonException e) {
            return JSON.createValue(text);
        }
    }
}
