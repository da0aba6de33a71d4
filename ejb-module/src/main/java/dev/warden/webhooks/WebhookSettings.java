package dev.warden.webhooks;

import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import javax.crypto.spec.SecretKeySpec;
import org.eclipse.microprofile.config.Config;

/**
 * The webhook settings (docs/configuration.md, "Webhooks"), read from MicroProfile Config.
 *
 * @param privateTargets      the loopback, private and link-local targets allowed: {@code
 *                            warden.webhooks.allowed-private-targets} (addresses, CIDR ranges, host names; default
 *                            none), or all with {@code warden.webhooks.allow-private-targets} (default false); cloud
 *                            metadata addresses are refused whatever they say
 * @param retrySchedule       {@code warden.webhooks.retry-schedule}: the wait after each failed attempt, in
 *                            seconds, comma-separated (default {@code 5,300,1800,7200,18000,36000,36000}: 8
 *                            attempts over about 27 hours); one attempt more than entries
 * @param jitter              {@code warden.webhooks.retry-jitter} (default 0.2): each wait is scaled by a random
 *                            factor in {@code [1 - jitter, 1 + jitter]}
 * @param claim               {@code warden.webhooks.claim-seconds} (default 60): how long a node holds a claimed
 *                            delivery before another node may try it (longer than an attempt's timeouts)
 * @param connectTimeout      {@code warden.webhooks.connect-timeout-ms} (default 5000)
 * @param timeout             {@code warden.webhooks.timeout-ms} (default 10000): the whole attempt, answer read
 *                            included
 * @param poll                {@code warden.webhooks.poll-ms} (default 250): how often each node looks for due
 *                            deliveries
 * @param batch               {@code warden.webhooks.batch} (default 50): deliveries a loop claims, sends at once and
 *                            records in one transaction
 * @param workers             {@code warden.webhooks.workers} (default 4): delivery loops one node runs at most at a
 *                            time (1 to 64)
 * @param disableAfter        {@code warden.webhooks.disable-after-hours} (default 120, 5 days): a subscription
 *                            failing for this long is disabled and the disabling audited
 * @param secretKey           {@code warden.webhooks.secret-key} (env {@code WARDEN_WEBHOOKS_SECRET_KEY}): base64 of
 *                            32 bytes sealing the signing secrets at rest (AES-256-GCM); empty: stored as they are
 * @param enabled             {@code warden.webhooks.delivery.enabled} (default true): this node drains the outbox
 */
public record WebhookSettings(
        PrivateTargets privateTargets,
        List<Duration> retrySchedule,
        double jitter,
        Duration claim,
        Duration connectTimeout,
        Duration timeout,
        Duration poll,
        int batch,
        int workers,
        Duration disableAfter,
        Optional<SecretKeySpec> secretKey,
        boolean enabled) {

    /** The default of {@code warden.webhooks.retry-schedule}, in seconds. */
    public static final String DEFAULT_SCHEDULE = "5,300,1800,7200,18000,36000,36000";

    /** The settings in {@code config}; throws {@link IllegalArgumentException} for a malformed value. */
    public static WebhookSettings of(Config config) {
        List<Duration> waits = schedule(config.getOptionalValue("warden.webhooks.retry-schedule", String.class)
                .orElse(DEFAULT_SCHEDULE));
        Optional<SecretKeySpec> key = config.getOptionalValue("warden.webhooks.secret-key", String.class)
                .filter(s -> !s.isBlank())
                .map(s -> {
                    byte[] bytes = Base64.getDecoder().decode(s.strip());
                    if (bytes.length != 32) {
                        throw new IllegalArgumentException("warden.webhooks.secret-key must be base64 of 32 bytes");
                    }
                    return new SecretKeySpec(bytes, "AES");
                });
        return new WebhookSettings(
                PrivateTargets.parse(
                        config.getOptionalValue("warden.webhooks.allow-private-targets", Boolean.class)
                                .orElse(false),
                        config.getOptionalValue(PrivateTargets.KEY, String.class)
                                .orElse(null)),
                waits,
                config.getOptionalValue("warden.webhooks.retry-jitter", Double.class)
                        .orElse(0.2),
                Duration.ofSeconds(config.getOptionalValue("warden.webhooks.claim-seconds", Long.class)
                        .orElse(60L)),
                Duration.ofMillis(config.getOptionalValue("warden.webhooks.connect-timeout-ms", Long.class)
                        .orElse(5000L)),
                Duration.ofMillis(config.getOptionalValue("warden.webhooks.timeout-ms", Long.class)
                        .orElse(10000L)),
                Duration.ofMillis(config.getOptionalValue("warden.webhooks.poll-ms", Long.class)
                        .orElse(250L)),
                config.getOptionalValue("warden.webhooks.batch", Integer.class).orElse(50),
                bounded(config, "warden.webhooks.workers", 4, 1, 64),
                Duration.ofHours(config.getOptionalValue("warden.webhooks.disable-after-hours", Long.class)
                        .orElse(120L)),
                key,
                config.getOptionalValue("warden.webhooks.delivery.enabled", Boolean.class)
                        .orElse(true));
    }

    private static int bounded(Config config, String key, int fallback, int min, int max) {
        int value = config.getOptionalValue(key, Integer.class).orElse(fallback);
        if (value < min || value > max) {
            throw new IllegalArgumentException(key + " must be from " + min + " to " + max);
        }
        return value;
    }

    /** The waits of a schedule: seconds (decimals allowed), comma-separated. */
    public static List<Duration> schedule(String seconds) {
        return Arrays.stream(seconds.split(","))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .map(s -> Duration.ofMillis(Math.round(Double.parseDouble(s) * 1000)))
                .toList();
    }

    /** How many attempts a delivery gets: one more than the schedule's waits. */
    public int maxAttempts() {
        return retrySchedule.size() + 1;
    }

    /**
     * The wait after failed attempt number {@code attempt} (1-based), jittered by {@code random} in {@code [0, 1)};
     * empty when that was the last attempt.
     */
    public Optional<Duration> retryAfter(int attempt, double random) {
        if (attempt < 1 || attempt > retrySchedule.size()) {
            return Optional.empty();
        }
        double factor = 1 - jitter + 2 * jitter * random;
        return Optional.of(Duration.ofMillis(
                Math.max(0, Math.round(retrySchedule.get(attempt - 1).toMillis() * factor))));
    }
}
