package dev.warden.panel.audit;

/**
 * Fired (synchronously) by {@link AuditWriter} once an entry was handed to the audit log, whether its row was written
 * or the write failed and was counted: a change's entry after its transaction committed, an attempt's at once. The
 * point where every recorded action is known to have happened; the webhooks' outbox
 * ({@code dev.warden.webhooks.WebhookOutbox}) observes it (docs/decisions/webhooks-outbox-after-the-audit-row.md).
 * Observers run in no transaction of the caller's and must not throw.
 *
 * @param entry  the entry
 * @param change the row event, or null
 * @param queued the entry's observers of {@link Recording} already wrote their rows in the entry's own transaction
 *               (committed with it); false when the entry was written without them (their write failed) or not
 *               written at all: they must write theirs now
 */
public record Recorded(AuditRecord entry, RowChange change, boolean queued) {

    /** An entry whose {@link Recording} observers have not run. */
    public Recorded(AuditRecord entry, RowChange change) {
        this(entry, change, false);
    }
}
