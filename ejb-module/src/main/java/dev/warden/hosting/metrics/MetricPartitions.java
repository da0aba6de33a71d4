package dev.warden.hosting.metrics;

import dev.warden.common.sql.Sql;
import dev.warden.schema.SchemaMigrated;
import dev.warden.schema.SchemaState;
import dev.warden.schema.StartupGuard;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptors;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Keeps the hosting data within its retention (docs/hosting-api.md, "Requirements": "Metrics are kept 35 days", "Egress is also
 * kept 35 days", deploy output "kept 30 days and always for the application's 10 most recent deploys", "Deploys
 * older than a year are deleted"). Runs at start-up and every day at 00:05 UTC, and logs what it did:
 * <ol>
 *   <li>creates the {@code warden_metric_samples} day partitions from today to {@value #DAYS_AHEAD} days ahead;</li>
 *   <li>drops day partitions whose every row is older than 35 days, and the daily peaks of those days;</li>
 *   <li>deletes egress days older than 35 days;</li>
 *   <li>deletes deploys started more than a year ago;</li>
 *   <li>nulls the output of deploys started more than 30 days ago that are not among their application's 10 most
 *       recent.</li>
 * </ol>
 * A sample for a day that has no partition yet never fails: {@link #ensure} creates the partition on demand (in a
 * transaction of its own, through the SQL function {@code warden_metric_samples_ensure_partition}, serialised by
 * an advisory lock, so several nodes may run this at once).
 */
@Singleton
@Startup
@Interceptors(StartupGuard.class)
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class MetricPartitions {

    private static final Logger LOG = Logger.getLogger(MetricPartitions.class.getName());

    /** Partitions are created for today and this many days ahead. */
    public static final int DAYS_AHEAD = 7;
    /** Retention of metric samples and egress days. */
    public static final int RETENTION_DAYS = 35;

    static final String PREFIX = "warden_metric_samples_p";
    private static final DateTimeFormatter SUFFIX = DateTimeFormatter.BASIC_ISO_DATE;

    /** Days known to have a partition (a cache in front of {@link #ensure}; cleared for dropped days). */
    private final Set<LocalDate> known = ConcurrentHashMap.newKeySet();

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @Inject
    SchemaState schema;

    /**
     * Runs the maintenance once at start-up (a failure is logged, never blocks the start); with no database at
     * start-up, once the schema is migrated ({@link SchemaMigrated}).
     */
    @PostConstruct
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    void onStartup() {
        if (schema.isMigrated()) {
            maintainLogged();
        }
    }

    /** Runs the start-up maintenance once the database came back ({@link SchemaMigrated}). */
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    public void onSchemaMigrated(@Observes SchemaMigrated event) {
        maintainLogged();
    }

    private void maintainLogged() {
        try {
            maintain(Instant.now());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Hosting data maintenance at start-up failed; it runs again at 00:05 UTC", e);
        }
    }

    /** The nightly run. */
    @Schedule(hour = "0", minute = "5", persistent = false, info = "hosting data retention")
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    public void nightly() {
        maintain(Instant.now());
    }

    /**
     * Creates partitions ahead and applies every retention rule as of {@code now}; logs a summary.
     *
     * @throws IllegalStateException on a database failure
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    public void maintain(Instant now) {
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        LocalDate cutoff = LocalDate.ofInstant(now.minus(Duration.ofDays(RETENTION_DAYS)), ZoneOffset.UTC);
        Sql.with(dataSource, "Hosting data maintenance", c -> {
            List<LocalDate> created = new ArrayList<>();
            for (int i = 0; i <= DAYS_AHEAD; i++) {
                if (createPartition(c, today.plusDays(i))) {
                    created.add(today.plusDays(i));
                }
                known.add(today.plusDays(i));
            }
            List<String> dropped = new ArrayList<>();
            for (String partition : partitions(c)) {
                LocalDate day = dayOf(partition);
                if (day != null && day.isBefore(cutoff)) {
                    // runs as the schema owner (migration V9_2)
                    Sql.list(c, "SELECT warden_metric_samples_drop_partition(?)", rs -> null, partition);
                    known.remove(day);
                    dropped.add(partition);
                }
            }
            int peaks = Sql.update(c, "DELETE FROM warden_metric_daily_peaks WHERE day < ?", cutoff);
            int egress = Sql.update(c, "DELETE FROM warden_egress_days WHERE day < ?", cutoff);
            int deploys = Sql.update(c, "DELETE FROM warden_deploys WHERE started_at < now() - interval '1 year'");
            int outputs = Sql.update(
                    c,
                    "UPDATE warden_deploys d SET output = NULL WHERE d.output IS NOT NULL "
                            + "AND d.started_at < now() - interval '30 days' AND d.id NOT IN (SELECT r.id FROM warden_deploys r "
                            + "WHERE r.application_id = d.application_id ORDER BY r.started_at DESC, r.id DESC LIMIT 10)");
            LOG.info(() -> "Hosting data maintenance: metric partitions created " + created + ", dropped " + dropped
                    + " (retention " + RETENTION_DAYS + " days, before " + cutoff + "), " + peaks
                    + " daily peak rows deleted, " + egress + " egress days deleted, " + deploys
                    + " deploys older than a year deleted, " + outputs + " deploy outputs older than 30 days cleared");
            return null;
        });
    }

    /**
     * Makes sure the partition of UTC day {@code day} exists, creating it in a transaction of its own when
     * missing, so that storing a sample for any day never fails for want of a partition.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void ensure(LocalDate day) {
        if (known.contains(day)) {
            return;
        }
        Sql.with(dataSource, "Creating the metric samples partition of " + day, c -> {
            if (createPartition(c, day)) {
                LOG.info(() -> "Created metric samples partition " + PREFIX + day.format(SUFFIX) + " on demand");
            }
            return known.add(day);
        });
    }

    /** Partition table name of {@code day}. */
    static String partitionName(LocalDate day) {
        return PREFIX + day.format(SUFFIX);
    }

    /** The day of a partition name, or null when the name does not follow the pattern. */
    static LocalDate dayOf(String partition) {
        if (!partition.startsWith(PREFIX)) {
            return null;
        }
        try {
            return LocalDate.parse(partition.substring(PREFIX.length()), SUFFIX);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static boolean createPartition(Connection c, LocalDate day) throws SQLException {
        return Sql.first(c, "SELECT warden_metric_samples_ensure_partition(?)", rs -> rs.getBoolean(1), day)
                .orElseThrow();
    }

    private static List<String> partitions(Connection c) throws SQLException {
        return Sql.list(
                c,
                "SELECT child.relname FROM pg_inherits i JOIN pg_class child ON child.oid = i.inhrelid "
                        + "WHERE i.inhparent = 'warden_metric_samples'::regclass ORDER BY 1",
                rs -> rs.getString(1));
    }
}
