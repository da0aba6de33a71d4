/**
 * The panel's append-only audit log (docs/admin-api.md, "Events"): writing entries in their own transaction
 * ({@link dev.warden.panel.audit.AuditLog}), the payload shapes and the scrubbing of secrets
 * ({@link dev.warden.panel.audit.AuditPayloads}), the hash chain ({@link dev.warden.panel.audit.AuditChain}), and
 * the handling of failed writes ({@link dev.warden.panel.audit.AuditFailures}).
 *
 * <p><b>The one way to record an entry from Warden's own code</b> (docs/decisions/audit-after-commit-through-one-event.md)
 * is {@link dev.warden.panel.audit.AuditTrail}, for any EJB-module service (the panel's use cases, the auth beans,
 * the rooms' admin side):
 * <pre>{@code
 * // a field of the service: @Inject AuditTrail trail;
 * ...
 * trail.afterCommit(new AuditRecord(operator.userId(), "room.kick", "rooms", roomId, payload));   // a change
 * trail.afterCommit(entry, new RowChange(key, "updated", rowId));  // a row write, with its live-list event
 * trail.evenOnRollback(entry);   // an attempt recorded even when the caller's transaction rolls back
 * }</pre>
 * Call it inside the service's transaction: the {@link dev.warden.panel.audit.Audited} event is written by
 * {@link dev.warden.panel.audit.AuditWriter} once that transaction committed, in a transaction of its own (at once
 * when there is no transaction); {@code evenOnRollback} writes at once, in a transaction of its own. It never throws: a failed write is logged and
 * counted by {@code AuditFailures} and never blocks the change
 * (docs/admin-api.md, "Audit recording from own code" rule 1).
 * No entry is written inside the mutation's transaction. Do not call {@code AuditLog.record} from a use case.
 *
 * <p>Depends on no other panel package, so every feature (the auth beans included) may record entries.
 */
package dev.warden.panel.audit;
