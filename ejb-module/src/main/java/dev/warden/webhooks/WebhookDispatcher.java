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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The delivery loop every node runs (docs/webhooks.md, "Delivery"): every {@code warden.webhooks.poll-ms} it claims
 * due deliveries ({@link WebhookQueue#claim}, {@code FOR UPDATE SKIP LOCKED}, so nodes share the outbox without
 * sending one delivery twice at a time), checks each target again after a fresh DNS lookup ({@link TargetPolicy}),
 * sends them at once ({@link WebhookSender}) and records each outcome: a 2xx delivers; 410 fails the delivery and
 * disables the subscription; anything else retries on the schedule with jitter until the attempts run out. A
 * subscription failing for {@code warden.webhooks.disable-after-hours} is disabled. Both disablings are audited as
 * {@code webhook.disable}. A node killed mid-delivery leaves the claimed rows due again once their lease ran out.
 */
@Singleton
@Startup
@Interceptors(StartupGuard.class)
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class WebhookDispatcher {

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

    @PostConstruct
    void start() {
        settings = WebhookSettings.of(ConfigProvider.getConfig());
        secrets = new WebhookSecrets(settings.secretKey());
        policy = new TargetPolicy(settings.allowPrivateTargets());
        sender = new WebhookSender(settings.connectTimeout(), settings.timeout());
        if (settings.secretKey().isEmpty()) {
            LOG.warning("Webhooks: warden.webhooks.secret-key is not set, so signing secrets are stored unsealed "
                    + "(docs/webhooks.md, \"Secrets\")");
        }
        if (settings.enabled()) {
            long ms = settings.poll().toMillis();
            loop = scheduler.scheduleWithFixedDelay(this::drain, ms, ms, TimeUnit.MILLISECONDS);
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

    private void drain() {
        if (!schema.isMigrated()) {
            return;
        }
        try {
            List<WebhookQueue.Claimed> claimed;
            do {
                claimed = queue.claim(settings.batch(), settings.claim());
                List<CompletableFuture<WebhookSender.Outcome>> sends = new ArrayList<>();
                for (WebhookQueue.Claimed c : claimed) {
                    sends.add(attempt(c));
                }
                // the sender's futures never fail and end within the attempt's timeout
                CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new))
                        .get(settings.claim().toMillis(), TimeUnit.MILLISECONDS);
                for (int i = 0; i < claimed.size(); i++) {
                    finish(claimed.get(i), sends.get(i).join());
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

    /** Records one outcome, on this node's managed thread. */
    private void finish(WebhookQueue.Claimed c, WebhookSender.Outcome outcome) {
        try {
            Integer code = outcome.statusCode();
            boolean ok = code != null && code >= 200 && code < 300;
            boolean gone = code != null && code == 410;
            Duration retry = ok || gone
                    ? null
                    : settings.retryAfter(
                                    c.attempt(), ThreadLocalRandom.current().nextDouble())
                            .orElse(null);
            String status = ok ? "delivered" : (gone || retry == null) ? "failed" : "pending";
            Instant failingSince =
                    queue.finish(c, code, outcome.durationMs(), outcome.excerpt(), rooms.node(), status, retry);
            if (gone) {
                disable(c.webhookId(), "the target answered 410 Gone");
            } else if (failingSince != null
                    && failingSince.isBefore(Instant.now().minus(settings.disableAfter()))) {
                disable(c.webhookId(), "failing since " + failingSince);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Webhooks: the outcome of delivery " + c.deliveryId() + " was not recorded", e);
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
