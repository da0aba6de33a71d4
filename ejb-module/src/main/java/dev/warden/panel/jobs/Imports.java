package dev.warden.panel.jobs;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.panel.registry.ResourceDef;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code POST /admin-api/:resource/_import} (docs/admin-api.md, "Import"): a CSV or NDJSON file in the shape the export
 * writes, read as a stream ({@link ImportFile}: never whole in memory) and staged in {@code warden_job_items}
 * {@value #BATCH} records a statement ({@link JobStaging#stage}); then the
 * job inserts (or, in {@code upsert} mode, updates the row with the same primary key) each record exactly as the
 * create and update routes would. A record that cannot be read (a malformed line, a value of the wrong type) is an
 * error row {@code {row, column, message}}; an unknown column is 422 before anything is staged.
 *
 * <p>The file is read in no transaction (a large file is not cut by the transaction timeout); each staging batch
 * commits in {@link JobStaging}'s own, and the access checks run in {@link Jobs#authorizeImport}'s. Refusals are
 * returned ({@link Outcome}), not thrown (see {@link #submit}).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Imports {

    /** Records staged per statement and transaction. */
    private static final int BATCH = 500;

    @EJB
    JobStore store;

    @EJB
    JobStaging staging;

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
     * One import request's parameters (docs/admin-api.md, "Import").
     *
     * @param format      {@code csv} (when null) or {@code ndjson}
     * @param mode        {@code insert} (when null) or {@code upsert}
     * @param dryRun      validate every record and write nothing
     * @param contentType the request's {@code Content-Type}
     */
    public record Request(String format, String mode, boolean dryRun, String contentType) {
        /** The defaults: {@code csv}, {@code insert}. */
        public Request {
            format = format == null ? "csv" : format;
            mode = mode == null ? "insert" : mode;
        }
    }

    /**
     * Reads {@code body} and answers a dry run's report or the queued job (as {@link Jobs#submit}), or the refusal.
     * A refusal is returned, not thrown: thrown out of this {@code NOT_SUPPORTED} bean, an {@link ApiException} (an
     * application exception with rollback) makes Open Liberty roll back the method's local transaction containment
     * and log WLTC0017E at ERROR whenever a connection took part in it.
     *
     * <p>Refusals: 401 {@code step_up_required} for a run (not a dry run) while the session's step-up is due
     * (docs/security.md, "Second factors and step-up"); 403 by rule (create; upsert also update); 404 unknown
     * resource; 409 a job of the resource is queued or running; 413 more than {@code warden.jobs.max-import-bytes};
     * 415 a content type other than the format's; 422 bad format or mode, an unknown column, a body that is not UTF-8,
     * more records than {@code warden.jobs.max-rows}; 429 no job slot on this node.
     */
    public Outcome submit(Operator operator, String key, Request request, InputStream body) {
        try {
            return new Outcome(read(operator, key, request, body), null);
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

    private Jobs.Submitted read(Operator operator, String key, Request request, InputStream body) {
        ResourceDef view = jobs.authorizeImport(operator, key, request.mode(), request.dryRun());
        String format = request.format();
        boolean csv = "csv".equals(format);
        if (!csv && !"ndjson".equals(format)) {
            throw ApiException.invalid("format", "csv or ndjson");
        }
        String contentType = request.contentType();
        String type =
                contentType == null ? "" : contentType.toLowerCase(Locale.ROOT).strip();
        if (csv ? !type.startsWith("text/csv") : !type.startsWith("application/x-ndjson")) {
            throw new ApiException(
                    ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                    "A " + format + " import is sent as " + (csv ? "text/csv" : "application/x-ndjson"));
        }
        ImportFile.Sink sink = request.dryRun() ? new DryRun() : new Staging(operator, view, request.mode(), format);
        try {
            ImportFile.read(view, csv, body, maxBytes, sink);
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

    private final class DryRun implements ImportFile.Sink {
        private long records;
        private final JsonArrayBuilder preview = JSON.createArrayBuilder();
        private final JsonArrayBuilder errors = JSON.createArrayBuilder();
        private int shown;
        private int errorsShown;

        @Override
        public void add(JobStaging.Staged record) {
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

    private final class Staging implements ImportFile.Sink {
        private final long jobId;
        private final List<JobStaging.Staged> batch = new ArrayList<>();
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
        public void add(JobStaging.Staged record) {
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
                staging.stage(jobId, batch);
                batch.clear();
            }
        }

        @Override
        public Jobs.Submitted finish() {
            flush();
            staging.staged(jobId, records);
            jobs.launch(jobId);
            return Jobs.Submitted.queued(jobId);
        }

        @Override
        public void abandon() {
            staging.discard(jobId);
            if (slot) {
                slots.release();
            }
        }
    }
}
