package dev.warden.panel.audit;

import java.util.List;

/**
 * Fired (synchronously) by {@link AuditLog#record(AuditRecord, RowChange)} inside the transaction that writes the
 * audit entries, before their rows: observers add the rows that must commit, or roll back, with the entries. The
 * webhooks' outbox ({@code dev.warden.webhooks.WebhookEvents}) writes its events here, so an entry and its event cost
 * one commit (docs/decisions/webhooks-outbox-in-the-audit-transaction.md). An observer that fails must throw: the
 * transaction then rolls back and {@link AuditWriter} writes the entry alone, then hands it on with {@link Recorded}
 * marked not yet queued.
 *
 * @param entries the entries about to be written, in order (each with its row event, or null)
 */
public record Recording(List<Recorded> entries) {}
