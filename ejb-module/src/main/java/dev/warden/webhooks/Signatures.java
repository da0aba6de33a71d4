package dev.warden.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The Standard Webhooks signature (docs/webhooks.md, "Verifying a delivery"): {@code v1,} and the base64 of
 * HMAC-SHA256 over {@code <webhook-id>.<webhook-timestamp>.<body>}, keyed with the secret's decoded bytes; several
 * secrets (during a rotation's overlap) give several signatures separated by a space. Pure.
 */
public final class Signatures {

    private Signatures() {}

    /** The {@code webhook-signature} header value for {@code body}, one {@code v1,} entry per secret, in order. */
    public static String header(List<String> secrets, String msgId, long timestamp, String body) {
        return secrets.stream().map(s -> sign(s, msgId, timestamp, body)).collect(Collectors.joining(" "));
    }

    /** {@code v1,<base64 HMAC-SHA256 of id.timestamp.body>} with {@code secret} ({@code whsec_...}). */
    public static String sign(String secret, String msgId, long timestamp, String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(WebhookSecrets.keyBytes(secret), "HmacSHA256"));
            byte[] digest = mac.doFinal((msgId + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(digest);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available", e);
        }
    }
}
