/**
 * A row's history and its revert: the audit entries of one row as its reader may see them
 * ({@link dev.warden.panel.history.RowHistory#history}), putting back the {@code before} values of an update entry
 * ({@link dev.warden.panel.history.RowHistory#revert}) and re-creating a row from its delete entry
 * ({@link dev.warden.panel.history.RowHistory#restore}). Reads the audit table; writes through the generic CRUD
 * engine ({@code panel.crud}) under the caller's view of the resource ({@code panel.policy.FieldAccess}). The use
 * cases ({@link dev.warden.panel.history.RowHistoryService}) take the operator, authorise, call {@code RowHistory} and
 * record a revert or restore through {@code panel.rows.RowAudit} (written once the write committed).
 */
package dev.warden.panel.history;
