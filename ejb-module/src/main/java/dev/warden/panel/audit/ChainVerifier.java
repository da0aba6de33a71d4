package dev.warden.panel.audit;

import java.util.Objects;

/**
 * Walks audit rows in chain order and finds the first break: a pure rule, fed row by row by
 * {@link AuditChain}. Start it at the latest prune checkpoint's hash (or {@link ChainHash#GENESIS}), {@link #accept}
 * each row with {@code chain_seq} above the checkpoint in ascending order, then {@link #finish} with the chain
 * head.
 */
public final class ChainVerifier {

    private final Long checkpointSeq;
    private String expectedPrev;
    private long checked;
    private Long firstBadId;
    private String problem;

    /** A walk starting after the checkpoint {@code (seq, hash)}; {@code checkpointSeq} null for the genesis. */
    public ChainVerifier(Long checkpointSeq, String startHash) {
        this.checkpointSeq = checkpointSeq;
        this.expectedPrev = startHash;
    }

    /**
     * Checks one row and its stored {@code prevHash}/{@code hash}; after the first break, rows are only counted.
     */
    public void accept(ChainHash.Row row, String prevHash, String hash) {
        checked++;
        if (firstBadId != null) {
            return;
        }
        if (!Objects.equals(prevHash, expectedPrev)) {
            bad(row.id(), "link");
        } else if (!ChainHash.hash(prevHash, row).equals(hash)) {
            bad(row.id(), "hash");
        }
        expectedPrev = hash;
    }

    /**
     * The verdict, given the chain head ({@code headSeq}, {@code headRowId}, {@code headHash}): the last row
     * checked must be the head, or rows are missing at the end.
     */
    public ChainVerdict finish(long headSeq, Long headRowId, String headHash) {
        if (firstBadId == null && !Objects.equals(expectedPrev, headHash)) {
            bad(headRowId, "missing_tail");
        }
        return new ChainVerdict(
                firstBadId == null && problem == null, checked, firstBadId, problem, headSeq, headHash, checkpointSeq);
    }

    private void bad(Long id, String kind) {
        firstBadId = id;
        problem = kind;
    }
}
