package dev.warden.panel.jobs;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.ResourceDef;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
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
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code POST /admin-api/:resource/_import} (docs/admin-api.md, "Import"): a CSV or NDJSON file in the shape the export
 * writes, read as a stream (never whole in memory) and staged record by record in {@code warden_job_items}; then the
 * job inserts (or, in {@code upsert} mode, updates the row with the same primary key) each record exactly as the
 * create and update routes would. A record that cannot be read (a malformed line, a value of the wrong type) is an
 * error row {@code {row, column, message}}; an unknown column is 422 before anything is staged.
 *
 * <p>The file is read in no transaction (a large file is not cut by the transaction timeout); each staging batch
 * commits in {@link JobStore}'s own, and the access checks run in {@link Jobs#authorizeImport}'s. Refusals are
 * returned ({@link Outcome}), not thrown (see {@link #submit}).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Imports {

    /** Records staged per insert batch. */
    private static final int BATCH = 500;

    @EJB
    JobStore store;

    @EJB
    Jobs jobs;

    @Inject
    JobSlots slots;

    @Inject
    @ConfigProperty(name = "warden.jobs.max-import-bytes", defaultValue = "104857600")
    long maxBytes;

    @Inject
    @ConfigProperty(name = "warden.jobs.max-rows", defaultValue = "1000000")
    long maxRows;

    /**
     * Reads {@code body} and answers a dry run's report or the queued job (as {@link Jobs#submit}), or the refusal.
     * A refusal is returned, not thrown: thrown out of this {@code NOT_SUPPORTED} bean, an {@link ApiException} (an
     * application exception with rollback) makes Open Liberty roll back the method's local transaction containment
     * and log WLTC0017E at ERROR whenever a connection took part in it.
     *
     * @param format      {@code csv} or {@code ndjson}
     * @param mode        {@code insert} or {@code upsert}
     * @param contentType the request's {@code Content-Type}
     */
    public Outcome submit(
            Operator operator,
            String key,
            String format,
            String mode,
            boolean dryRun,
            String contentType,
            InputStream body) {
        try {
            return new Outcome(read(operator, key, format, mode, dryRun, contentType, body), null);
        } catch (ApiException refusal) {
            return new Outcome(null, refusal);
        }
    }

    /** What {@link #submit} answers: the submitted import, or the refusal. */
    public record Outcome(Jobs.Submitted submitted, ApiException refusal) {
        /**
         * The submitted import.
         *
         * @throws ApiException the refusal
         */
        public Jobs.Submitted orThrow() {
            if (refusal != null) {
                throw refusal;
            }
            return submitted;
        }
    }

    /**
     * Reads {@code body} and answers a dry run's report or the queued job (as {@link Jobs#submit}).
     *
     * @param format      {@code csv} or {@code ndjson}
     * @param mode        {@code insert} or {@code upsert}
     * @param contentType the request's {@code Content-Type}
     * @throws ApiException 403 by rule (create; upsert also update); 404 unknown resource; 409 a job of the resource is
     *                      queued or running; 413 more than {@code warden.jobs.max-import-bytes}; 415 a content type
     *                      other than the format's; 422 bad format or mode, an unknown column, a body that is not
     *                      UTF-8, more records than {@code warden.jobs.max-rows}; 429 no job slot on this node
     */
    private Jobs.Submitted read(
            Operator operator,
            String key,
            String format,
            String mode,
            boolean dryRun,
            String contentType,
            InputStream body) {
        ResourceDef view = jobs.authorizeImport(operator, key, mode);
        boolean csv = "csv".equals(format);
        if (!csv && !"ndjson".equals(format)) {
            throw ApiException.invalid("format", "csv or ndjson");
        }
        String type =
                contentType == null ? "" : contentType.toLowerCase(Locale.ROOT).strip();
        if (csv ? !type.startsWith("text/csv") : !type.startsWith("application/x-ndjson")) {
            throw new ApiException(
                    ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                    "A " + format + " import is sent as " + (csv ? "text/csv" : "application/x-ndjson"));
        }
        Reader reader = new InputStreamReader(
                new Bounded(body, maxBytes),
                StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT));
        Sink sink = dryRun ? new DryRun() : new Staging(operator, view, mode, format);
        try {
            if (csv) {
                readCsv(view, reader, sink);
            } else {
                readNdjson(view, new BufferedReader(reader), sink);
            }
        } catch (CharacterCodingException e) {
            sink.abandon();
            throw ApiException.invalid("body", "is not UTF-8");
        } catch (IOException e) {
            sink.abandon();
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            sink.abandon();
            throw e;
        }
        return sink.finish();
    }

    private void readCsv(ResourceDef view, Reader reader, Sink sink) throws IOException {
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
                    sink.add(new JobStore.Staged(
                            ++seq, null, null, "Malformed CSV: " + e.getCause().getMessage()));
                    break; // the parser cannot go on past a broken quote
                }
                seq++;
                if (record.size() != columns.size()) {
                    sink.add(new JobStore.Staged(
                            seq,
                            null,
                            null,
                            "Malformed line: " + record.size() + " fields, the header has " + columns.size()));
                    continue;
                }
                JsonObjectBuilder values = JSON.createObjectBuilder();
                JobStore.Staged failed = null;
                for (int i = 0; i < columns.size() && failed == null; i++) {
                    ColumnDef column = columns.get(i);
                    try {
                        JsonValue value = value(column, record.get(i));
                        if (value != JsonValue.NULL || !column.hasDefault()) {
                            values.add(column.name(), value);
                        }
                    } catch (IllegalArgumentException | JsonException e) {
                        failed = new JobStore.Staged(seq, null, column.name(), e.getMessage());
                    }
                }
                sink.add(failed != null ? failed : new JobStore.Staged(seq, values.build(), null, null));
            }
        }
    }

    private void readNdjson(ResourceDef view, BufferedReader reader, Sink sink) throws IOException {
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
                sink.add(new JobStore.Staged(seq, null, null, "Malformed line: not a JSON object"));
                continue;
            }
            JsonObjectBuilder values = JSON.createObjectBuilder();
            for (Map.Entry<String, JsonValue> entry : object.entrySet()) {
                ColumnDef column = column(view, entry.getKey());
                if (entry.getValue() != JsonValue.NULL || !column.hasDefault()) {
                    values.add(column.name(), entry.getValue());
                }
            }
            sink.add(new JobStore.Staged(seq, values.build(), null, null));
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

    /** Where records go: a dry run's report, or the job's items. */
    private interface Sink {
        void add(JobStore.Staged record);

        Jobs.Submitted finish();

        void abandon();
    }

    private final class DryRun implements Sink {
        private long records;
        private final JsonArrayBuilder preview = JSON.createArrayBuilder();
        private final JsonArrayBuilder errors = JSON.createArrayBuilder();
        private int shown;
        private int errorsShown;

        @Override
        public void add(JobStore.Staged record) {
            records++;
            if (record.error() == null && shown < Jobs.PREVIEW) {
                shown++;
                preview.add(JSON.createObjectBuilder().add("row", record.seq()).add("values", record.values()));
            }
            if (record.error() != null && errorsShown < JobStore.MAX_ERRORS_SHOWN) {
                errorsShown++;
                JsonObjectBuilder error = JSON.createObjectBuilder().add("row", record.seq());
                if (record.column() != null) {
                    error.add("column", record.column());
                }
                errors.add(error.add("message", record.error()));
            }
        }

        @Override
        public Jobs.Submitted finish() {
            return new Jobs.Submitted(
                    true,
                    0,
                    JSON.createObjectBuilder()
                            .add("matched", records)
                            .add("preview", preview)
                            .add("errors", errors)
                            .build());
        }

        @Override
        public void abandon() {}
    }

    private final class Staging implements Sink {
        private final long jobId;
        private final List<JobStore.Staged> batch = new ArrayList<>();
        private long records;
        private boolean slot;

        Staging(Operator operator, ResourceDef view, String mode, String format) {
            slots.take();
            slot = true;
            try {
                jobId = store.create(
                        view.key(),
                        "import",
                        JSON.createObjectBuilder()
                                .add("mode", mode)
                                .add("format", format)
                                .build(),
                        operator.userId());
            } catch (RuntimeException e) {
                slots.release();
                slot = false;
                throw e;
            }
        }

        @Override
        public void add(JobStore.Staged record) {
            if (++records > maxRows) {
                throw ApiException.invalid("body", "more than warden.jobs.max-rows (" + maxRows + ") records");
            }
            batch.add(record);
            if (batch.size() >= BATCH) {
                flush();
            }
        }

        private void flush() {
            if (!batch.isEmpty()) {
                store.stage(jobId, batch);
                batch.clear();
            }
        }

        @Override
        public Jobs.Submitted finish() {
            flush();
            store.staged(jobId, records);
            jobs.launch(jobId);
            return Jobs.Submitted.queued(jobId);
        }

        @Override
        public void abandon() {
            store.discard(jobId);
            if (slot) {
                slots.release();
            }
        }
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
