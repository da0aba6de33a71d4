/**
 * The admin API's row use cases (docs/architecture.md, "Requirements: Layout" rule 4), one service method each
 * ({@link dev.warden.panel.rows.PanelRows}): list, read, create, update, delete, relation counts, related rows and
 * custom actions, each taking the {@code Operator}. A method authorises ({@code panel.policy}: policy, role rule,
 * mod scope, field permissions, label visibility), does the work through the CRUD engine ({@code panel.crud}) or
 * the action runner ({@code panel.actions}), and records it ({@link dev.warden.panel.rows.RowAudit}: the entry
 * through {@code panel.audit.AuditTrail}, written with the live event once the transaction committed). The web
 * layer parses the request, calls one method and maps the answer. {@code RowAudit} is also used by the history
 * use cases ({@code panel.history}) for reverts and restores.
 */
package dev.warden.panel.rows;
