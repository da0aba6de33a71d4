package dev.warden.panel.audit;

/**
 * The answer of {@code GET /admin-api/adminAudit/_verify}: {@code ok} when every row from
 * the latest checkpoint (or the first row) to the chain head links and hashes correctly; {@code rowsChecked}
 * rows were read; {@code firstBadId} is the id of the first row whose {@code prev_hash} or {@code hash} does not
 * match (a row edited in place, or the row after a deleted one), or the head's row id when rows are missing at
 * the end, null when {@code ok}. {@code problem} names the kind of break ({@code hash}, {@code link},
 * {@code missing_tail}), null when {@code ok}.
 */
public record ChainVerdict(
        boolean ok,
        long rowsChecked,
        Long firstBadId,
        String problem,
        long headSeq,
        String headHash,
        Long checkpointSeq) {}
