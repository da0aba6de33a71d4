package dev.warden.webhooks;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;

/**
 * Sends one signed attempt (docs/webhooks.md, "Delivery"): an HTTP POST of the event's body with the Standard
 * Webhooks headers {@code webhook-id}, {@code webhook-timestamp} (Unix seconds) and {@code webhook-signature}, through
 * the JDK client with a connect timeout and a timeout on the whole attempt, never following a redirect, reading at
 * most {@value #EXCERPT_BYTES} bytes of the answer.
 */
public final class WebhookSender {

    /** The most of an answer read and kept, in bytes. */
    public static final int EXCERPT_BYTES = 512;

    /**
     * The outcome of one attempt.
     *
     * @param statusCode the answer's status, null when none came (refused target, timeout, connection failure)
     * @param excerpt    the start of the answer, or what went wrong; at most {@value #EXCERPT_BYTES} characters
     * @param durationMs from the start of the attempt to its end
     */
    public record Outcome(Integer statusCode, String excerpt, long durationMs) {}

    private final HttpClient client;
    private final Duration timeout;

    /** A sender with the given timeouts. */
    public WebhookSender(Duration connectTimeout, Duration timeout) {
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        this.timeout = timeout;
    }

    /** Posts {@code body} to {@code url}, signed with each of {@code secrets}; never completes exceptionally. */
    public CompletableFuture<Outcome> send(String url, String msgId, List<String> secrets, String body) {
        long started = System.nanoTime();
        long timestamp = System.currentTimeMillis() / 1000;
        HttpRequest request;
        try {
            request = HttpRequest.newBuilder(URI.create(url))
                    .timeout(timeout)
                    .header("content-type", "application/json")
                    .header("user-agent", "Warden-Webhooks/1")
                    .header("webhook-id", msgId)
                    .header("webhook-timestamp", String.valueOf(timestamp))
                    .header("webhook-signature", Signatures.header(secrets, msgId, timestamp, body))
                    .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                    .build();
        } catch (IllegalArgumentException e) {
            return CompletableFuture.completedFuture(new Outcome(null, "not a URL", 0));
        }
        return client.sendAsync(request, info -> new Capped())
                .orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .handle((response, failure) -> {
                    long ms = (System.nanoTime() - started) / 1_000_000;
                    if (failure != null) {
                        return new Outcome(null, describe(failure), ms);
                    }
                    return new Outcome(response.statusCode(), response.body(), ms);
                });
    }

    private static String describe(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String text = cause instanceof java.util.concurrent.TimeoutException
                        || cause instanceof java.net.http.HttpTimeoutException
                ? "timed out"
                : cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        return text.length() > EXCERPT_BYTES ? text.substring(0, EXCERPT_BYTES) : text;
    }

    /** Reads the answer up to {@value #EXCERPT_BYTES} bytes, then cancels the rest. */
    private static final class Capped implements HttpResponse.BodySubscriber<String> {
        private final CompletableFuture<String> result = new CompletableFuture<>();
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private Flow.Subscription subscription;

        @Override
        public CompletionStage<String> getBody() {
            return result;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            s.request(1);
        }

        @Override
        public void onNext(List<ByteBuffer> items) {
            for (ByteBuffer item : items) {
                int take = Math.min(item.remaining(), EXCERPT_BYTES - bytes.size());
                byte[] chunk = new byte[take];
                item.get(chunk);
                bytes.write(chunk, 0, take);
            }
            if (bytes.size() >= EXCERPT_BYTES) {
                subscription.cancel();
                complete();
            } else {
                subscription.request(1);
            }
        }

        @Override
        public void onError(Throwable throwable) {
            complete();
        }

        @Override
        public void onComplete() {
            complete();
        }

        private void complete() {
            String text = bytes.toString(StandardCharsets.UTF_8);
            // a cut multi-byte character decodes to U+FFFD: the excerpt stays within the cap in characters
            result.complete(text.length() > EXCERPT_BYTES ? text.substring(0, EXCERPT_BYTES) : text);
        }
    }
}
