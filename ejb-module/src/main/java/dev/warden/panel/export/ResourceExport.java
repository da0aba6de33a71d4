package dev.warden.panel.export;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.sql.Sql;
import dev.warden.panel.crud.ListQuery;
import dev.warden.panel.crud.ListSql;
import dev.warden.panel.crud.RowJson;
import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.ResourceDef;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/**
 * Writes every row of a resource that matches a list query, in the list's order, as CSV or NDJSON ("streamed from the database (no 1000-row cap, constant memory)"). CSV text cells that a spreadsheet would
 * read as a formula get a leading {@code '} ({@link #spreadsheetSafe}); NDJSON values are written raw.
 *
 * <p>The rows are read through a PostgreSQL server-side cursor: the statement runs with auto-commit off and a
 * fetch size of {@value #FETCH_SIZE}, so the driver holds one batch at a time, and each row is written to the
 * output as soon as it is read. Bean-managed transactions on purpose: the read is one local transaction on the
 * connection, not a JTA transaction, so a long export is not cut by the container's transaction timeout.
 *
 * <p>Only {@link ResourceDef#columns()} are selected: hidden columns, and so the columns holding write-only
 * fields, are never read. The caller checks the {@code list} access first.
 */
@Stateless
@TransactionManagement(TransactionManagementType.BEAN)
public class ResourceExport {

    /** Rows the driver fetches per round trip of the cursor. */
    public static final int FETCH_SIZE = 500;

    /** List parameters an export ignores: there is no window, every matching row is written. */
    private static final Set<String> IGNORED = Set.of("format", "_start", "_end");

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /**
     * The list query of an export request: the list's filter, search and sort parameters ({@link ListQuery#parse});
     * {@code format}, {@code _start} and {@code _end} are left out.
     *
     * @throws dev.warden.common.ApiException 422 for a bad filter or sort parameter, as the list
     */
    public static ListQuery query(Map<String, List<String>> params, ResourceDef resource) {
        Map<String, List<String>> filters = new LinkedHashMap<>(params);
        filters.keySet().removeAll(IGNORED);
        return ListQuery.parse(filters, resource);
    }

    /**
     * Writes the header (CSV) and every matching row to {@code out}, then flushes it; {@code out} is not closed.
     *
     * @param rows counts the rows written so far (also when the export fails half-way)
     * @return the number of rows written
     * @throws IOException when writing to {@code out} fails (the client went away)
     * @throws IllegalStateException when the query fails
     */
    public long export(ResourceDef resource, ListQuery query, ExportFormat format, OutputStream out, AtomicLong rows)
            throws IOException {
        List<ColumnDef> columns = resource.columns();
        ListSql where = ListSql.where(resource, query);
        String sql = "SELECT " + columns.stream().map(c -> Sql.quote(c.name())).collect(Collectors.joining(", "))
                + " FROM " + Sql.quote(resource.table()) + where.where() + ListSql.orderBy(query);
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 64 * 1024);
        if (format == ExportFormat.CSV) {
            writer.write(columns.stream().map(c -> csvCell(c.name())).collect(Collectors.joining(",")));
            writer.write("\r\n");
        }
        try (Connection connection = dataSource.getConnection()) {
            boolean autoCommit = connection.getAutoCommit();
            connection.setAutoCommit(false); // a cursor needs a transaction; without one the driver reads everything
            try (PreparedStatement ps =
                    connection.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
                ps.setFetchSize(FETCH_SIZE);
                Sql.bind(ps, 1, where.params());
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        JsonObjectBuilder row = JSON.createObjectBuilder();
                        RowJson.read(rs, columns, row);
                        write(writer, format, columns, row.build());
                        rows.incrementAndGet();
                    }
                }
                connection.commit();
            } catch (SQLException | IOException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(autoCommit);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Exporting " + resource.key() + " failed: " + e.getMessage(), e);
        }
        writer.flush();
        return rows.get();
    }

    private static void write(Writer writer, ExportFormat format, List<ColumnDef> columns, JsonObject row)
            throws IOException {
        if (format == ExportFormat.NDJSON) {
            writer.write(row.toString());
            writer.write('\n');
            return;
        }
        for (int i = 0; i < columns.size(); i++) {
            if (i > 0) {
                writer.write(',');
            }
            writer.write(csvCell(spreadsheetSafe(row.get(columns.get(i).name()))));
        }
        writer.write("\r\n");
    }

    /** A value as CSV text: empty for null, the string itself for text, JSON text for numbers, booleans, JSON. */
    static String text(JsonValue value) {
        if (value == null || value == JsonValue.NULL) {
            return "";
        }
        return value instanceof JsonString s ? s.getString() : value.toString();
    }

    /**
     * A value as CSV text that a spreadsheet shows as text (OWASP "CSV injection"; docs/security.md, the export row):
     * a text value starting with {@code =}, {@code +}, {@code -}, {@code @}, a tab or a carriage return gets a leading
     * {@code '}, so it is never read as a formula. Numbers, booleans and JSON values are {@link #text} as they are
     * (a number such as {@code -5} is no formula; JSON starts with a brace or bracket).
     */
    static String spreadsheetSafe(JsonValue value) {
        String text = text(value);
        return value instanceof JsonString ? neutralised(text) : text;
    }

    /** {@code text} with a leading {@code '} when it starts with {@code =}, {@code +}, {@code -}, {@code @}, tab or CR. */
    static String neutralised(String text) {
        if (text.isEmpty()) {
            return text;
        }
        char first = text.charAt(0);
        boolean formula =
                first == '=' || first == '+' || first == '-' || first == '@' || first == '\t' || first == '\r';
        return formula ? "'" + text : text;
    }

    /** One CSV field (RFC 4180): quoted, with quotes doubled, when it holds a comma, quote, CR, LF or edge space. */
    static String csvCell(String text) {
        boolean quote = !text.isEmpty() && (text.charAt(0) == ' ' || text.charAt(text.length() - 1) == ' ');
        for (int i = 0; i < text.length() && !quote; i++) {
            char c = text.charAt(i);
            quote = c == ',' || c == '"' || c == '\r' || c == '\n';
        }
        return quote ? '"' + text.replace("\"", "\"\"") + '"' : text;
    }
}
