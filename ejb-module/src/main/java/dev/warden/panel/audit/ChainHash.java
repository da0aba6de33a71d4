package dev.warden.panel.audit;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;

/**
 * The audit chain's hash rule (migration V12): {@code hash = hex(SHA-256(utf8(prev_hash + "|" +
 * canonical(row))))}, the first row's {@code prev_hash} being {@link #GENESIS}. The canonical encoding (version 1)
 * is {@code v1} followed by each field as {@code |<length in code points>:<text>} or {@code |-} for null, in the
 * order id, chain_seq, created_at (microseconds since the epoch), operator_id, action, resource, target_id,
 * payload (jsonb's own text form). It must stay identical to the SQL function
 * {@code warden_admin_audit_canonical}: the database assigns the hashes, this class recomputes them to verify.
 */
public final class ChainHash {

    /** The {@code prev_hash} of the first row ever written: 64 zeros. */
    public static final String GENESIS = "0".repeat(64);

    private ChainHash() {}

    /** One audit row as the chain sees it. {@code payload} is jsonb's text ({@code payload::text}), or null. */
    public record Row(
            long id,
            long seq,
            Instant createdAt,
            Long operatorId,
            String action,
            String resource,
            String targetId,
            String payload) {}

    /** The canonical encoding (version 1) of {@code row}. */
    public static String canonical(Row row) {
        StringBuilder out = new StringBuilder("v1");
        field(out, Long.toString(row.id()));
        field(out, Long.toString(row.seq()));
        field(out, row.createdAt() == null ? null : Long.toString(micros(row.createdAt())));
        field(out, row.operatorId() == null ? null : row.operatorId().toString());
        field(out, row.action());
        field(out, row.resource());
        field(out, row.targetId());
        field(out, row.payload());
        return out.toString();
    }

    /** The hash of {@code row} chained after {@code prevHash}: 64 lower-case hex digits. */
    public static String hash(String prevHash, Row row) {
        return sha256Hex(prevHash + "|" + canonical(row));
    }

    /** Microseconds since the epoch (PostgreSQL's timestamptz resolution), rounded down. */
    static long micros(Instant at) {
        return Math.addExact(Math.multiplyExact(at.getEpochSecond(), 1_000_000L), at.getNano() / 1_000);
    }

    private static void field(StringBuilder out, String value) {
        out.append('|');
        if (value == null) {
            out.append('-');
        } else {
            out.append(value.codePointCount(0, value.length())).append(':').append(value);
        }
    }

    static String sha256Hex(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from the JDK", e);
        }
    }
}
