package dev.warden.webhooks;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.audit.AuditTrail;
import dev.warden.rooms.Rooms;
import dev.warden.schema.SchemaState;
import dev.warden.schema.StartupGuard;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptors;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The delivery loops every node runs (docs/webhooks.md, "Delivery"): up to {@code warden.webhooks.workers} loops at a
 * time, started every {@code warden.webhooks.poll-ms}, {@value #WAKE_MILLIS} ms after events were written on this node
 * ({@link #wake}) and by a
 * loop that claimed a full batch. Each loop claims up to {@code warden.webhooks.batch} due deliveries ({@link
 * WebhookQueue#claim}, {@code FOR UPDATE SKIP LOCKED}, so loops and nodes share the outbox without sending one
 * delivery twice at a time), checks each target again after a fresh DNS lookup ({@link TargetPolicy}), sends them at
 * once through one shared HTTP client ({@link WebhookSender}) and records the batch's outcomes in one transaction: a
 * 2xx delivers; 410 fails the delivery and disables the subscription; anything else retries on the schedule with
 * jitter until the attempts run out. A subscription failing for {@code warden.webhooks.disable-after-hours} is
 * disabled. Both disablings are audited as {@code webhook.disable}. A node killed mid-delivery leaves the claimed rows
 * due again once their lease ran out.
 */
@Singleton
@Startup
@Interceptors(StartupGuard.class)
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class WebhookDispatcher {

    /**
     * How long after an event's write this node starts a delivery loop, in milliseconds, unless a loop claimed since
     * the write (the events written in that time go out in one batch: docs/webhooks.md, "Delivery").
     */
    public static final long WAKE_MILLIS = 250;

    private static final Logger LOG = Logger.getLogger(WebhookDispatcher.class.getName());

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    SchemaState schema;

    @EJB
    WebhookQueue queue;

    @EJB
    WebhookSubscriptions subscriptions;

    @EJB
    Rooms rooms;

    @Inject
    AuditTrail trail;

    private WebhookSettings settings;
    private WebhookSecrets secrets;
    private TargetPolicy policy;
    private WebhookSender sender;
    private ScheduledFuture<?> loop;
    private final AtomicInteger loops = new AtomicInteger();
    private final AtomicBoolean waking = new AtomicBoolean();
    /** {@link System#nanoTime} when a loop of this node last started a claim. */
    private volatile long lastClaim = System.nanoTime();
    /** {@link System#nanoTime} of this node's last {@link #wake}, merged or not. */
    private volatile long lastWake = lastClaim;

    @PostConstruct
    void start() {
        settings = WebhookSettings.of(ConfigProvider.getConfig());
        secrets = new WebhookSecrets(settings.secretKey());
        policy = new TargetPolicy(settings.privateTargets());
        sender = new WebhookSender(settings.connectTimeout(), settings.timeout());
        if (settings.secretKey().isEmpty()) {
            LOG.warning("Webhooks: warden.webhooks.secret-key is not set, so signing secrets are stored unsealed "
                    + "(docs/webhooks.md, \"Secrets\")");
        }
        if (settings.enabled()) {
            long ms = settings.poll().toMillis();
            loop = scheduler.scheduleWithFixedDelay(this::startLoop, ms, ms, TimeUnit.MILLISECONDS);
        }
    }

    @PreDestroy
    void stop() {
        if (loop != null) {
            loop.cancel(false);
        }
    }

    /** The settings this node runs with. */
    public WebhookSettings settings() {
        return settings;
    }

    /**
     * Starts a delivery loop on this node {@value #WAKE_MILLIS} ms from now unless a loop of this node started a claim
     * after the last wake, which saw the events (one start for all the events written in that time, so deliveries go
     * out in batches and the delivery work does not interleave with every write); called after events were committed
     * on this node. Never throws.
     */
    public void wake() {
        if (!settings.enabled()) {
            return;
        }
        // every wake moves the mark, also one merged into a start already scheduled: the start then looks for a claim
        // after the last write it stands for, not after the first
        lastWake = System.nanoTime();
        if (!waking.compareAndSet(false, true)) {
            return;
        }
        try {
            scheduler.schedule(
                    () -> {
                        waking.set(false);
                        if (lastClaim - lastWake < 0) {
                            startLoop();
                        }
                    },
                    WAKE_MILLIS,
                    TimeUnit.MILLISECONDS);
        } catch (RuntimeException e) {
            waking.set(false);
            LOG.log(Level.FINE, "Webhooks: no thread to wake the delivery loops", e);
        }
    }

    /**
     * Starts one more delivery loop unless {@code warden.webhooks.workers} already run; called every {@code
     * warden.webhooks.poll-ms}, by {@link #wake}, and by a loop that claimed a full batch (so the loops grow with the
     * backlog and end when it is gone).
     */
    private void startLoop() {
        if (!settings.enabled()) {
            return;
        }
        int now;
        do {
            now = loops.get();
            if (now >= settings.workers()) {
                return;
            }
        } while (!loops.compareAndSet(now, now + 1));
        try {
            scheduler.execute(this::loop);
        } catch (RuntimeException e) {
            loops.decrementAndGet();
            LOG.log(Level.FINE, "Webhooks: no thread for a delivery loop", e);
        }
    }

    private void loop() {
        try {
            drain();
        } finally {
            loops.decrementAndGet();
        }
    }

    private void drain() {
        if (!schema.isMigrated()) {
            return;
        }
        try {
            List<WebhookQueue.Claimed> claimed;
            do {
                lastClaim = System.nanoTime();
                claimed = queue.claim(settings.batch(), settings.claim());
                if (claimed.size() == settings.batch()) {
                    startLoop();
                }
                List<CompletableFuture<WebhookSender.Outcome>> sends = new ArrayList<>();
                for (WebhookQueue.Claimed c : claimed) {
                    sends.add(attempt(c));
                }
                // the sender's futures never fail and end within the attempt's timeout
                CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new))
                        .get(settings.claim().toMillis(), TimeUnit.MILLISECONDS);
                List<WebhookQueue.Finished> done = new ArrayList<>();
                for (int i = 0; i < claimed.size(); i++) {
                    done.add(outcome(claimed.get(i), sends.get(i).join()));
                }
                if (!done.isEmpty()) {
                    finish(done);
                }
            } while (claimed.size() == settings.batch());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.log(Level.WARNING, "Webhooks: a delivery round failed", e);
        }
    }

    private CompletableFuture<WebhookSender.Outcome> attempt(WebhookQueue.Claimed c) {
        try {
            return send(c);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Webhooks: delivery " + c.deliveryId() + " could not be sent", e);
            return CompletableFuture.completedFuture(new WebhookSender.Outcome(null, "not sent: " + e.getMessage(), 0));
        }
    }

    private CompletableFuture<WebhookSender.Outcome> send(WebhookQueue.Claimed c) {
        var refusal = policy.refusal(c.url());
        if (refusal.isPresent()) {
            return CompletableFuture.completedFuture(new WebhookSender.Outcome(null, "refused: " + refusal.get(), 0));
        }
        List<String> keys = new ArrayList<>();
        keys.add(secrets.open(c.secret()));
        if (c.previousSecret() != null
                && c.previousUntil() != null
                && c.previousUntil().isAfter(Instant.now())) {
            keys.add(secrets.open(c.previousSecret()));
        }
        return sender.send(c.url(), c.msgId(), keys, c.body());
    }

    /** What an attempt's answer makes of its delivery: delivered (2xx), failed (410, or no attempt left), pending. */
    private WebhookQueue.Finished outcome(WebhookQueue.Claimed c, WebhookSender.Outcome outcome) {
        Integer code = outcome.statusCode();
        boolean ok = code != null && code >= 200 && code < 300;
        boolean gone = code != null && code == 410;
        Duration retry = ok || gone
                ? null
                : settings.retryAfter(c.attempt(), ThreadLocalRandom.current().nextDouble())
                        .orElse(null);
        String status = ok ? "delivered" : (gone || retry == null) ? "failed" : "pending";
        return new WebhookQueue.Finished(c, code, outcome.durationMs(), outcome.excerpt(), status, retry);
    }

    /** Records a batch's outcomes in one transaction, then disables the subscriptions that are gone or failing. */
    private void finish(List<WebhookQueue.Finished> done) {
        try {
            Map<Long, Instant> failing = queue.finish(done, rooms.node());
            Set<Long> gone = new HashSet<>();
            for (WebhookQueue.Finished f : done) {
                if (f.statusCode() != null
                        && f.statusCode() == 410
                        && gone.add(f.claimed().webhookId())) {
                    disable(f.claimed().webhookId(), "the target answered 410 Gone");
                }
            }
            Instant limit = Instant.now().minus(settings.disableAfter());
            failing.forEach((webhookId, since) -> {
                if (!gone.contains(webhookId) && since.isBefore(limit)) {
                    disable(webhookId, "failing since " + since);
                }
            });
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Webhooks: the outcomes of " + done.size() + " deliveries were not recorded", e);
        }
    }

    private void disable(long webhookId, String reason) {
        if (subscriptions.disable(webhookId, reason)) {
            trail.afterCommit(new AuditRecord(
                    null,
                    "webhook.disable",
                    Webhooks.RESOURCE,
                    String.valueOf(webhookId),
                    JSON.createObjectBuilder().add("reason", reason).build()));
        }
    }
}
