package dev.warden.panel.jobs;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.ResourceDef;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reading an imported file (docs/admin-api.md, "Import"): a CSV or NDJSON file in the shape the export writes, read as
 * a stream of UTF-8 (never whole in memory, refused with 413 past its byte limit), each record handed to a
 * {@link Sink} as values or as an error row {@code {row, column, message}}; an unknown column is 422 before the first
 * record. Pure logic, no database.
 */
final class ImportFile {

    private ImportFile() {}

    /**
     * Reads {@code body} ({@code csv} true: CSV with a header line, else NDJSON) into {@code sink}.
     *
     * @throws CharacterCodingException the body is not UTF-8
     * @throws ApiException             413 past {@code maxBytes}; 422 an unknown column
     */
    static void read(ResourceDef view, boolean csv, InputStream body, long maxBytes, Sink sink) throws IOException {
        Reader reader = new InputStreamReader(
                new Bounded(body, maxBytes),
                StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT));
        if (csv) {
            readCsv(view, reader, sink);
        } else {
            readNdjson(view, new BufferedReader(reader), sink);
        }
    }

    private static void readCsv(ResourceDef view, Reader reader, Sink sink) throws IOException {
        CSVFormat format = CSVFormat.RFC4180
                .builder()
                .setHeader()
                .setSkipHeaderRecord(true)
                .get();
        long seq = 0;
        try (CSVParser parser = CSVParser.parse(reader, format)) {
            List<String> header = parser.getHeaderNames();
            List<ColumnDef> columns = new ArrayList<>();
            for (String name : header) {
                columns.add(column(view, name));
            }
            Iterator<CSVRecord> records = parser.iterator();
            while (true) {
                CSVRecord record;
                try {
                    if (!records.hasNext()) {
                        break;
                    }
                    record = records.next();
                } catch (UncheckedIOException e) {
                    if (e.getCause() instanceof CharacterCodingException coding) {
                        throw coding;
                    }
                    sink.add(new JobStaging.Staged(
                            ++seq, null, null, "Malformed CSV: " + e.getCause().getMessage()));
                    break; // the parser cannot go on past a broken quote
                }
                seq++;
                if (record.size() != columns.size()) {
                    sink.add(new JobStaging.Staged(
                            seq,
                            null,
                            null,
                            "Malformed line: " + record.size() + " fields, the header has " + columns.size()));
                    continue;
                }
                JsonObjectBuilder values = JSON.createObjectBuilder();
                JobStaging.Staged failed = null;
                for (int i = 0; i < columns.size() && failed == null; i++) {
                    ColumnDef column = columns.get(i);
                    try {
                        JsonValue value = value(column, record.get(i));
                        if (value != JsonValue.NULL || !column.hasDefault()) {
                            values.add(column.name(), value);
                        }
                    } catch (IllegalArgumentException | JsonException e) {
                        failed = new JobStaging.Staged(seq, null, column.name(), e.getMessage());
                    }
                }
                sink.add(failed != null ? failed : new JobStaging.Staged(seq, values.build(), null, null));
            }
        }
    }

    private static void readNdjson(ResourceDef view, BufferedReader reader, Sink sink) throws IOException {
        long seq = 0;
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            seq++;
            JsonObject object;
            try (JsonReader json = JSON.createReader(new StringReader(line))) {
                object = json.readObject();
            } catch (JsonException | IllegalStateException e) {
                sink.add(new JobStaging.Staged(seq, null, null, "Malformed line: not a JSON object"));
                continue;
            }
            JsonObjectBuilder values = JSON.createObjectBuilder();
            for (Map.Entry<String, JsonValue> entry : object.entrySet()) {
                ColumnDef column = column(view, entry.getKey());
                if (entry.getValue() != JsonValue.NULL || !column.hasDefault()) {
                    values.add(column.name(), entry.getValue());
                }
            }
            sink.add(new JobStaging.Staged(seq, values.build(), null, null));
        }
    }

    /** The column {@code name} of the resource as the operator sees it; 422 naming it otherwise. */
    private static ColumnDef column(ResourceDef view, String name) {
        Optional<ColumnDef> column = view.column(name);
        return column.orElseThrow(() -> ApiException.invalid(name, "no such column of " + view.key()));
    }

    /**
     * A CSV cell as the export writes it, back as JSON (docs/admin-api.md, "Import" rule 2): empty is null; the
     * {@code '} the export puts before text a spreadsheet would read as a formula is dropped; integers and numbers as
     * numbers, booleans, JSON parsed; anything else as text, converted by the create and update routes as a form's.
     *
     * @throws IllegalArgumentException the cell is no value of the column's type
     */
    static JsonValue value(ColumnDef column, String cell) {
        if (cell.isEmpty()) {
            return JsonValue.NULL;
        }
        String text = cell.length() > 1 && cell.charAt(0) == '\'' && "=+-@\t\r".indexOf(cell.charAt(1)) >= 0
                ? cell.substring(1)
                : cell;
        try {
            return switch (column.type()) {
                case INTEGER -> JSON.createValue(new BigInteger(text.strip()));
                case NUMBER -> JSON.createValue(new BigDecimal(text.strip()));
                case BOOLEAN -> {
                    String b = text.strip().toLowerCase(Locale.ROOT);
                    if (!b.equals("true") && !b.equals("false")) {
                        throw new IllegalArgumentException("not a boolean: '" + text + "'");
                    }
                    yield b.equals("true") ? JsonValue.TRUE : JsonValue.FALSE;
                }
                case JSON -> {
                    try (JsonReader json = JSON.createReader(new StringReader(text))) {
                        yield json.readValue();
                    }
                }
                default -> JSON.createValue(text);
            };
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a " + column.type().wireName() + ": '" + text + "'");
        }
    }

    /** Where records go: a dry run's report, or the job's items ({@link Imports}). */
    interface Sink {
        void add(JobStaging.Staged record);

        Jobs.Submitted finish();

        void abandon();
    }

    /** The body, refused with 413 past {@code limit} bytes. */
    private static final class Bounded extends java.io.FilterInputStream {
        private final long limit;
        private long read;

        Bounded(InputStream in, long limit) {
            super(in);
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            count(b < 0 ? 0 : 1);
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            count(Math.max(n, 0));
            return n;
        }

        private void count(int n) {
            read += n;
            if (read > limit) {
                throw new ApiException(
                        ErrorCode.PAYLOAD_TOO_LARGE,
                        "The file is larger than warden.jobs.max-import-bytes (" + limit + " bytes)");
            }
        }
    }
}
