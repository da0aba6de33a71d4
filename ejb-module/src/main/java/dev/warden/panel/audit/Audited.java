package dev.warden.panel.audit;

/**
 * The CDI event behind every recorded change (docs/decisions/audit-after-commit-through-one-event.md): fired by
 * {@link AuditTrail#afterCommit}, written by {@link AuditWriter} once the caller's transaction committed, and (with a
 * {@link RowChange}) turned into a live-list event by {@code dev.warden.panel.live.LivePublisher}.
 *
 * @param entry  the audit entry to write
 * @param change the row event for the live lists, or null
 */
public record Audited(AuditRecord entry, RowChange change) {}
