package dev.warden.panel.crud;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.panel.registry.ColumnDef;
import jakarta.json.JsonException;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * Reads result-set rows into JSON objects keyed by SQL column names (DESIGN.md section 3: "All bodies are
 * JSON keyed by SQL column names. Timestamps are ISO 8601 UTC strings").
 */
public final class RowJson {

    private RowJson() {}

    /** Double-quotes an SQL identifier taken from the registry (never from request text). */
    public static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

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

    /** Adds result column {@code index} as {@code column}, converted by its column type. */
    private static void read(ResultSet rs, int index, ColumnDef column, JsonObjectBuilder out) throws SQLException {
        String name = column.name();
        switch (column.type()) {
            case INTEGER -> {
                long value = rs.getLong(index);
                if (rs.wasNull()) {
                    out.addNull(name);
                } else {
                    out.add(name, value);
                }
            }
            case NUMBER -> {
                BigDecimal value = rs.getBigDecimal(index);
                if (value == null) {
                    out.addNull(name);
                } else {
                    out.add(name, value);
                }
            }
            case BOOLEAN -> {
                boolean value = rs.getBoolean(index);
                if (rs.wasNull()) {
                    out.addNull(name);
                } else {
                    out.add(name, value);
                }
            }
            case DATETIME -> {
                OffsetDateTime value = rs.getObject(index, OffsetDateTime.class);
                if (value == null) {
                    out.addNull(name);
                } else {
                    out.add(name, value.toInstant().toString());
                }
            }
            case LOCAL_DATETIME -> {
                LocalDateTime value = rs.getObject(index, LocalDateTime.class);
                if (value == null) {
                    out.addNull(name);
                } else {
                    out.add(name, value.toString());
                }
            }
            case DATE -> {
                LocalDate value = rs.getObject(index, LocalDate.class);
                if (value == null) {
                    out.addNull(name);
                } else {
                    out.add(name, value.toString());
                }
            }
            case JSON -> {
                String text = rs.getString(index);
                if (text == null) {
                    out.addNull(name);
                } else {
                    out.add(name, parse(text));
                }
            }
            default -> {
                String value = rs.getString(index);
                if (value == null) {
                    out.addNull(name);
                } else {
                    out.add(name, value);
                }
            }
        }
    }

    private static jakarta.json.JsonValue parse(String text) {
        try (JsonReader reader = JSON.createReader(new StringReader(text))) {
            return reader.readValue();
        } catch (JsonException e) {
            return JSON.createValue(text);
        }
    }
}
