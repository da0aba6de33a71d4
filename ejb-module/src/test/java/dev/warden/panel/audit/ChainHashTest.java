package dev.warden.panel.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The audit chain's hash rule: the Java encoding equals the SQL function of migration V12
 * (the expected values were computed by {@code warden_admin_audit_canonical}/{@code warden_admin_audit_hash} on
 * PostgreSQL 15), and the verifier names the first edited row, the row after a deleted one, and a lost tail.
 */
class ChainHashTest {

    private static final ChainHash.Row ROW = new ChainHash.Row(
            1,
            1,
            Instant.parse("2026-01-02T03:04:05.123456Z"),
            7L,
            "create",
            "configs",
            "5",
            "{\"a\": \"é😀\", \"b\": 1}");

    @Test
    void theCanonicalEncodingAndHashMatchPostgres() {
        assertEquals(
                "v1|1:1|1:1|16:1767323045123456|1:7|6:create|7:configs|1:5|19:{\"a\": \"é😀\", \"b\": 1}",
                ChainHash.canonical(ROW));
        assertEquals(
                "36d6ce12fa5b039b9702850effb812936a4d91c8bd6efd8f66018a8d46735cbb",
                ChainHash.hash(ChainHash.GENESIS, ROW));
        ChainHash.Row nulls =
                new ChainHash.Row(2, 3, Instant.parse("1969-12-31T23:59:59.5Z"), null, "x", "y", null, null);
        assertEquals(
                "9ccc4b680397fa14726e359b314b540a0d9ab9fb9feda919ef37a617d1e93fdb",
                ChainHash.hash(ChainHash.GENESIS, nulls));
    }

    private static ChainHash.Row row(long id, String payload) {
        return new ChainHash.Row(
                id,
                id,
                Instant.ofEpochSecond(1_700_000_000L + id),
                1L,
                "update",
                "configs",
                Long.toString(id),
                payload);
    }

    /** Rows 1..n chained from the genesis: [row, prevHash, hash]. */
    private static Object[][] chain(int n) {
        Object[][] out = new Object[n][];
        String prev = ChainHash.GENESIS;
        for (int i = 0; i < n; i++) {
            ChainHash.Row row = row(i + 1, "{\"n\": " + i + "}");
            String hash = ChainHash.hash(prev, row);
            out[i] = new Object[] {row, prev, hash};
            prev = hash;
        }
        return out;
    }

    private static ChainVerdict walk(Object[][] rows, String head) {
        ChainVerifier verifier = new ChainVerifier(null, ChainHash.GENESIS);
        for (Object[] r : rows) {
            if (r != null) {
                verifier.accept((ChainHash.Row) r[0], (String) r[1], (String) r[2]);
            }
        }
        return verifier.finish(rows.length, (long) rows.length, head);
    }

    @Test
    void anIntactChainVerifies() {
        Object[][] rows = chain(5);
        ChainVerdict verdict = walk(rows, (String) rows[4][2]);
        assertTrue(verdict.ok());
        assertEquals(5, verdict.rowsChecked());
        assertNull(verdict.firstBadId());
    }

    @Test
    void anEditedPayloadNamesThatRow() {
        Object[][] rows = chain(5);
        String head = (String) rows[4][2];
        rows[2][0] = row(3, "{\"n\": 99}");
        ChainVerdict verdict = walk(rows, head);
        assertFalse(verdict.ok());
        assertEquals(3L, verdict.firstBadId());
        assertEquals("hash", verdict.problem());
        assertEquals(5, verdict.rowsChecked());
    }

    @Test
    void aDeletedRowNamesTheNextOneAndALostTailTheHead() {
        Object[][] rows = chain(5);
        String head = (String) rows[4][2];
        rows[1] = null;
        ChainVerdict verdict = walk(rows, head);
        assertEquals(3L, verdict.firstBadId());
        assertEquals("link", verdict.problem());

        Object[][] four = java.util.Arrays.copyOf(chain(5), 4);
        ChainVerifier verifier = new ChainVerifier(null, ChainHash.GENESIS);
        for (Object[] r : four) {
            verifier.accept((ChainHash.Row) r[0], (String) r[1], (String) r[2]);
        }
        ChainVerdict tail = verifier.finish(5, 5L, head);
        assertFalse(tail.ok());
        assertEquals(5L, tail.firstBadId());
        assertEquals("missing_tail", tail.problem());
    }

    @Test
    void aSignedHeadUsesHmacSha256OverTheSignedTextAndNeedsALongEnoughKey() throws Exception {
        Instant at = Instant.parse("2026-11-24T05:00:00Z");
        AuditChain.Head unsigned = AuditChain.sign(5, 9L, "ab", at, "short");
        assertNull(unsigned.signature());
        String key = "k".repeat(AuditChain.MIN_KEY_BYTES);
        AuditChain.Head signed = AuditChain.sign(5, 9L, "ab", at, key);
        assertEquals("warden-audit-head:v1:5:9:ab:2026-11-24T05:00:00Z", signed.signedText());
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec(
                key.getBytes(java.nio.charset.StandardCharsets.UTF_8), "HmacSHA256"));
        assertEquals(
                java.util.Base64.getEncoder()
                        .encodeToString(
                                mac.doFinal(signed.signedText().getBytes(java.nio.charset.StandardCharsets.UTF_8))),
                signed.signature());
        assertEquals("HmacSHA256", signed.algorithm());
    }
}
