package dev.warden.panel.audit;

/**
 * The CDI event behind every audit row (docs/decisions/audit-after-commit-through-one-event.md): fired by
 * {@link AuditTrail}, written by {@link AuditWriter} once the caller's transaction completed, and (with a
 * {@link RowChange}) turned into a live-list event by {@code dev.warden.panel.live.LivePublisher}.
 *
 * @param entry          the audit entry to write
 * @param change         the row event for the live lists, or null
 * @param evenOnRollback true for an attempt recorded whatever the caller's transaction does (a failed sign-in,
 *                       a failed custom action); false for a mutation, recorded only when it committed
 */
public record Audited(AuditRecord entry, RowChange change, boolean evenOnRollback) {}
