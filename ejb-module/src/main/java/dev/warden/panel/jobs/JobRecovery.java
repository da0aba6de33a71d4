package dev.warden.panel.jobs;

import dev.warden.common.sql.Sql;
import dev.warden.rooms.RoomStore;
import dev.warden.schema.SchemaState;
import dev.warden.schema.StartupGuard;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.batch.operations.JobOperator;
import jakarta.batch.runtime.BatchRuntime;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptors;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Resume after a node stops (docs/operations.md, "Jobs after a restart"): a job whose node stopped while it was queued
 * or running goes on from its last checkpoint on the node that takes it over. At start-up this node takes over the
 * jobs its own name ({@code warden.node.name}) left; every {@code warden.jobs.recovery-seconds} any node takes over a
 * job whose heartbeat (set at every row it finishes) is older than {@code warden.jobs.stale-seconds}. Taking over is
 * one conditional {@code UPDATE}, so two nodes never both resume a job.
 *
 * <p>The batch execution is restarted with {@link JobOperator#restart} (from its last checkpoint) when the batch
 * container allows it (a {@code FAILED} or {@code STOPPED} execution); one left {@code STARTED} by a node that died is
 * refused, and the job then starts a new execution, which reads the items still pending: the rows already done are
 * never applied twice either way, since each row and its item's state commit together.
 */
@Singleton
@Startup
@Interceptors(StartupGuard.class)
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class JobRecovery {

    private static final Logger LOG = Logger.getLogger(JobRecovery.class.getName());

    /**
     * A job that lost its node: stale heartbeat (seconds), or (at start-up) left by this node's name before this start
     * (a job this node started since, before the start-up pass ran, is its own and running).
     */
    private static final String STOPPED = "status IN ('queued', 'running') AND (heartbeat_at < now() - "
            + "make_interval(secs => ?) OR (? AND node = ? AND heartbeat_at < ?))";

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    SchemaState schema;

    @Inject
    JobSlots slots;

    private String node;
    private long staleSeconds;
    /** When this node started, on the database's clock (the clock of every {@code heartbeat_at}). */
    private java.time.Instant booted;

    private ScheduledFuture<?> timer;

    @PostConstruct
    void start() {
        var config = ConfigProvider.getConfig();
        node = config.getOptionalValue("warden.node.name", String.class).orElseGet(RoomStore::defaultNodeName);
        staleSeconds = Math.max(
                10,
                config.getOptionalValue("warden.jobs.stale-seconds", Long.class).orElse(120L));
        long every = Math.max(
                1,
                config.getOptionalValue("warden.jobs.recovery-seconds", Long.class)
                        .orElse(10L));
        booted = startInstant();
        // the start-up pass runs on the scheduler too: the batch container may not take jobs during deployment
        timer = scheduler.scheduleWithFixedDelay(this::recover, 2, every, TimeUnit.SECONDS);
    }

    /** Now on the database's clock; this JVM's clock when the database does not answer (the start goes on). */
    private java.time.Instant startInstant() {
        try {
            return Sql.first(
                            dataSource,
                            "Reading the database's clock",
                            "SELECT statement_timestamp()",
                            rs -> rs.getObject(1, java.time.OffsetDateTime.class)
                                    .toInstant())
                    .orElseThrow();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Jobs: the database's clock could not be read; using this node's", e);
            return java.time.Instant.now();
        }
    }

    @PreDestroy
    void stop() {
        if (timer != null) {
            timer.cancel(false);
        }
    }

    /** This node's name ({@code warden.node.name}), stored as the node of the jobs it runs. */
    public String node() {
        return node;
    }

    private volatile boolean startedUp;

    /**
     * Takes over and resumes the jobs this node should: at the first pass those its own name left, then those whose
     * heartbeat is stale. Never throws (a failure is logged and tried again at the next pass).
     *
     * @return the ids of the jobs resumed
     */
    public List<Long> recover() {
        try {
            if (!schema.isMigrated()) {
                return List.of();
            }
            boolean first = !startedUp;
            startedUp = true;
            List<Long> resumed = new java.util.ArrayList<>();
            for (Long jobId : candidates(first)) {
                if (!slots.acquire()) {
                    break; // the next pass tries again
                }
                Long execution = claim(jobId, first);
                if (execution == null) {
                    slots.release(); // another node took it, or it ended
                    continue;
                }
                resume(jobId, execution == 0 ? null : execution);
                resumed.add(jobId);
            }
            return resumed;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Jobs: resuming stopped jobs failed; tried again later", e);
            return List.of();
        }
    }

    private List<Long> candidates(boolean first) {
        return Sql.list(
                dataSource,
                "Finding stopped jobs",
                "SELECT id FROM warden_jobs WHERE " + STOPPED + " ORDER BY id LIMIT 20",
                rs -> rs.getLong(1),
                (double) staleSeconds,
                first,
                node,
                booted);
    }

    /** Takes job {@code jobId} over for this node; its execution id (0: none), or null when another node has it. */
    private Long claim(long jobId, boolean first) {
        return Sql.first(
                        dataSource,
                        "Taking over a stopped job",
                        "UPDATE warden_jobs SET node = ?, heartbeat_at = now() WHERE id = ? AND " + STOPPED
                                + " RETURNING coalesce(execution_id, 0)",
                        rs -> rs.getLong(1),
                        node,
                        jobId,
                        (double) staleSeconds,
                        first,
                        node,
                        booted)
                .orElse(null);
    }

    private void resume(long jobId, Long execution) {
        Properties parameters = slots.parameters(jobId);
        JobOperator batch = BatchRuntime.getJobOperator();
        long next;
        try {
            if (execution == null) {
                throw new IllegalStateException("no execution yet");
            }
            next = batch.restart(execution, parameters);
            LOG.info(() -> "Jobs: job " + jobId + " restarted from its last checkpoint (execution " + execution + ")");
        } catch (RuntimeException refused) {
            // STARTED by a node that died, or never started: a new execution reads the items still pending
            try {
                next = batch.start(Jobs.BATCH_JOB, parameters);
            } catch (RuntimeException e) {
                slots.release();
                throw e;
            }
            LOG.info(() -> "Jobs: job " + jobId + " resumed in a new execution (" + refused.getMessage() + ")");
        }
        Sql.update(
                dataSource,
                "Recording a job's execution",
                "UPDATE warden_jobs SET execution_id = ? WHERE id = ?",
                next,
                jobId);
    }
}
