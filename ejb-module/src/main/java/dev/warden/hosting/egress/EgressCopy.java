package dev.warden.hosting.egress;

import dev.warden.hosting.provider.InfrastructureProvider;
import dev.warden.hosting.provider.ProviderPayloads.TrafficDay;
import dev.warden.schema.StartupGuard;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptors;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The hourly egress copy (docs/architecture.md, "Requirements: Hosting side"; docs/hosting-api.md, "Requirements: Parameters": "collected_at is the time
 * the figures were last copied from the infrastructure provider (copied hourly)").
 *
 * <p>Every hour (minute 7, non-persistent timer on each node) and for each instance with a
 * {@code server_id}, asks {@link InfrastructureProvider} for the days since the last copy (from the day
 * before the last copy's day, which the provider may still have revised) or, before the first copy, the
 * whole 35-day retention window, and upserts {@code warden_egress_days} with {@code collected_at} = the copy
 * time. An instance whose copy fails (provider down, slow, error, open circuit, bad body) gets nothing
 * written: its old figures and {@code collected_at} stay; a warning is logged and the copy goes on with
 * the other instances. Days older than the retention are deleted afterwards. Two nodes copying at once
 * write the same figures (the upsert is idempotent), so no cross-node lock is taken.
 *
 * <p>Config: {@code warden.egress.copy.enabled} (default true) turns the hourly run off (the
 * integration tests do); {@code warden.egress.copy.at-startup} (default false) also runs one copy 20 s
 * after start (the demo does). Tests trigger {@link #copyInstance} through an IT-only hook (docs/decisions/egress-copy.md).
 */
@Singleton
@Startup
@Interceptors(StartupGuard.class)
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class EgressCopy {

    private static final Logger LOG = Logger.getLogger(EgressCopy.class.getName());

    /** Days kept, today included (docs/hosting-api.md, "Requirements: Egress" is also kept 35 days"). */
    public static final int RETENTION_DAYS = 35;
    /** Failed instances logged one by one per run; the rest are counted in the summary. */
    static final int WARNINGS_PER_RUN = 5;

    @Inject
    InfrastructureProvider provider;

    @EJB
    EgressCopyStore store;

    @Resource
    TimerService timers;

    @Inject
    @ConfigProperty(name = "warden.egress.copy.enabled", defaultValue = "true")
    boolean enabled;

    @Inject
    @ConfigProperty(name = "warden.egress.copy.at-startup", defaultValue = "false")
    boolean atStartup;

    private final AtomicBoolean running = new AtomicBoolean();
    Clock clock = Clock.systemUTC();

    /** What one instance's copy did. */
    public enum Outcome {
        COPIED,
        FAILED,
        NOT_FOUND
    }

    /** What a whole run did. */
    public record Summary(int copied, int failed, int pruned, boolean skipped) {}

    @PostConstruct
    void scheduleStartupRun() {
        if (enabled && atStartup) {
            timers.createSingleActionTimer(20_000, new TimerConfig("egress-copy-at-startup", false));
        }
    }

    /** The one-off run after start ({@code warden.egress.copy.at-startup}). */
    @jakarta.ejb.Timeout
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void startupRun(Timer timer) {
        copyAll();
    }

    /** The hourly run. */
    @Schedule(hour = "*", minute = "7", persistent = false, info = "egress-copy-hourly")
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void hourly() {
        if (enabled) {
            copyAll();
        }
    }

    /**
     * Copies every instance with a server id; a run already in progress on this node makes this one a no-op
     * ({@code skipped}).
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public Summary copyAll() {
        if (!running.compareAndSet(false, true)) {
            LOG.info("egress copy already running on this node; skipped");
            return new Summary(0, 0, 0, true);
        }
        try {
            long started = System.nanoTime();
            int copied = 0;
            int failed = 0;
            List<EgressCopyStore.Target> targets;
            try {
                targets = store.targets(null);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "egress copy: cannot list the instances, nothing copied: {0}", e.getMessage());
                return new Summary(0, 0, 0, false);
            }
            for (EgressCopyStore.Target target : targets) {
                if (copy(target, failed < WARNINGS_PER_RUN)) {
                    copied++;
                } else {
                    failed++;
                }
            }
            int pruned = 0;
            try {
                pruned = store.prune(retentionStart(today()));
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "egress copy: pruning old days failed: {0}", e.getMessage());
            }
            long ms = (System.nanoTime() - started) / 1_000_000;
            Summary summary = new Summary(copied, failed, pruned, false);
            Level level = failed > 0 ? Level.WARNING : Level.INFO;
            LOG.log(
                    level,
                    "egress copy: {0} instances copied, {1} failed (old figures kept), {2} old days pruned, in {3} ms",
                    new Object[] {copied, failed, pruned, ms});
            return summary;
        } finally {
            running.set(false);
        }
    }

    /** Copies one instance now (used by the tests' hook); NOT_FOUND when it has no server id or does not exist. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public Outcome copyInstance(long instanceId) {
        List<EgressCopyStore.Target> targets = store.targets(instanceId);
        if (targets.isEmpty()) {
            return Outcome.NOT_FOUND;
        }
        return copy(targets.get(0), true) ? Outcome.COPIED : Outcome.FAILED;
    }

    private boolean copy(EgressCopyStore.Target target, boolean warn) {
        LocalDate today = today();
        LocalDate from = window(target.lastCollectedAt(), today);
        try {
            List<TrafficDay> days = new ArrayList<>();
            for (TrafficDay day : provider.traffic(target.serverId(), from, today)) {
                if (!day.date().isBefore(from) && !day.date().isAfter(today)) {
                    days.add(day);
                }
            }
            store.upsert(target.instanceId(), days, Instant.now(clock));
            return true;
        } catch (RuntimeException e) {
            if (warn) {
                LOG.log(
                        Level.WARNING,
                        "egress copy of instance {0} (server {1}) failed, old figures kept: {2}",
                        new Object[] {
                            target.instanceId(), target.serverId(), e.getClass().getSimpleName() + ": " + e.getMessage()
                        });
            }
            return false;
        }
    }

    private LocalDate today() {
        return LocalDate.now(clock.withZone(ZoneOffset.UTC));
    }

    /** First day kept: today and the 34 days before. */
    static LocalDate retentionStart(LocalDate today) {
        return today.minusDays(RETENTION_DAYS - 1L);
    }

    /**
     * First day to ask for: the whole retention before the first copy; else the day before the last copy's
     * UTC day (late revisions), never before the retention start.
     */
    static LocalDate window(Instant lastCollectedAt, LocalDate today) {
        LocalDate start = retentionStart(today);
        if (lastCollectedAt == null) {
            return start;
        }
        LocalDate from = LocalDate.ofInstant(lastCollectedAt, ZoneOffset.UTC).minusDays(1);
        if (from.isBefore(start)) {
            return start;
        }
        return from.isAfter(today) ? today : from;
    }
}
