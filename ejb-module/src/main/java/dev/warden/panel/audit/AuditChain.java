package dev.warden.panel.audit;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The tamper-evident side of the audit log (docs/operations.md, "Verifying the audit
 * chain"): {@link #verify} walks the hash chain that the database assigns (migration V12) and recomputes every
 * hash with {@link ChainHash}; {@link #head} exports the chain head, signed with HMAC-SHA256 when
 * {@code warden.audit.signing-key} ({@code WARDEN_AUDIT_SIGNING_KEY}) is set, for an outside store.
 *
 * <p>Both read one consistent snapshot (a read-only repeatable-read transaction of their own), so a prune or
 * writes that commit meanwhile do not show as breaks.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class AuditChain {

    /** The signature algorithm of {@link #head}. */
    public static final String ALGORITHM = "HmacSHA256";
    /** The shortest signing key accepted, in bytes (UTF-8): a shorter one is ignored with no signature. */
    public static final int MIN_KEY_BYTES = 32;

    static final String HEAD = "SELECT seq, row_id, hash FROM warden_admin_audit_chain WHERE id = 1";
    static final String CHECKPOINT =
            "SELECT last_seq, last_hash FROM warden_admin_audit_checkpoints " + "ORDER BY last_seq DESC LIMIT 1";
    static final String ROWS = "SELECT id, chain_seq, created_at, operator_id, action, resource, target_id, "
            + "payload::text, prev_hash, hash FROM warden_admin_audit WHERE chain_seq > ? AND chain_seq <= ? "
            + "ORDER BY chain_seq";

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @Inject
    @ConfigProperty(name = "warden.audit.signing-key")
    Optional<String> signingKey;

    /** The chain head as exported: seq, row id, hash, when, and the signature (null without a key). */
    public record Head(long seq, Long rowId, String hash, Instant exportedAt, String algorithm, String signature) {

        /** The exact text signed: {@code warden-audit-head:v1:<seq>:<row id or ->:<hash>:<exported_at>}. */
        public String signedText() {
            return signedText(seq, rowId, hash, exportedAt);
        }

        static String signedText(long seq, Long rowId, String hash, Instant exportedAt) {
            return "warden-audit-head:v1:" + seq + ":" + (rowId == null ? "-" : rowId) + ":" + hash + ":" + exportedAt;
        }
    }

    /**
     * Walks the chain from the latest prune checkpoint (or the first row) to the head.
     *
     * @throws AuditWriteException when the database cannot be read
     */
    public ChainVerdict verify() {
        try (Connection c = snapshot()) {
            long headSeq;
            Long headRow;
            String headHash;
            try (PreparedStatement ps = c.prepareStatement(HEAD);
                    ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return new ChainVerdict(false, 0, null, "no_head", 0, null, null);
                }
                headSeq = rs.getLong(1);
                headRow = (Long) rs.getObject(2, Long.class);
                headHash = rs.getString(3);
            }
            Long checkpointSeq = null;
            String start = ChainHash.GENESIS;
            try (PreparedStatement ps = c.prepareStatement(CHECKPOINT);
                    ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    checkpointSeq = rs.getLong(1);
                    start = rs.getString(2);
                }
            }
            ChainVerifier verifier = new ChainVerifier(checkpointSeq, start);
            try (PreparedStatement ps = c.prepareStatement(ROWS)) {
                ps.setFetchSize(1000);
                ps.setLong(1, checkpointSeq == null ? 0 : checkpointSeq);
                ps.setLong(2, headSeq);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        OffsetDateTime at = rs.getObject(3, OffsetDateTime.class);
                        verifier.accept(
                                new ChainHash.Row(
                                        rs.getLong(1),
                                        rs.getLong(2),
                                        at == null ? null : at.toInstant(),
                                        rs.getObject(4, Long.class),
                                        rs.getString(5),
                                        rs.getString(6),
                                        rs.getString(7),
                                        rs.getString(8)),
                                rs.getString(9),
                                rs.getString(10));
                    }
                }
            }
            return verifier.finish(headSeq, headRow, headHash);
        } catch (SQLException e) {
            throw new AuditWriteException("Verifying the audit chain failed: " + e.getMessage(), e);
        }
    }

    /**
     * The chain head now, signed when a key of at least {@value #MIN_KEY_BYTES} bytes is configured.
     *
     * @throws AuditWriteException when the database cannot be read
     */
    public Head head() {
        try (Connection c = snapshot()) {
            try (PreparedStatement ps = c.prepareStatement(HEAD);
                    ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new AuditWriteException("The audit chain has no head (migration V12 not applied)", null);
                }
                return sign(
                        rs.getLong(1),
                        rs.getObject(2, Long.class),
                        rs.getString(3),
                        Instant.now().truncatedTo(ChronoUnit.SECONDS),
                        signingKey.orElse(null));
            }
        } catch (SQLException e) {
            throw new AuditWriteException("Reading the audit chain head failed: " + e.getMessage(), e);
        }
    }

    /** The head with its HMAC-SHA256 signature (base64) under {@code key}; unsigned when the key is unusable. */
    static Head sign(long seq, Long rowId, String hash, Instant at, String key) {
        if (key == null || key.getBytes(StandardCharsets.UTF_8).length < MIN_KEY_BYTES) {
            return new Head(seq, rowId, hash, at, null, null);
        }
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), ALGORITHM));
            byte[] signature = mac.doFinal(Head.signedText(seq, rowId, hash, at).getBytes(StandardCharsets.UTF_8));
            return new Head(seq, rowId, hash, at, ALGORITHM, Base64.getEncoder().encodeToString(signature));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from the JDK", e);
        }
    }

    /**
     * A connection in this bean's own new transaction, switched to a read-only repeatable-read snapshot by its
     * first statement ({@code SET TRANSACTION}: nothing of the pooled connection's own settings changes).
     */
    private Connection snapshot() throws SQLException {
        Connection c = dataSource.getConnection();
        try (java.sql.Statement s = c.createStatement()) {
            s.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
            return c;
        } catch (SQLException e) {
            c.close();
            throw e;
        }
    }
}
