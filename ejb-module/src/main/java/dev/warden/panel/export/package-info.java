/**
 * Streaming exports of panel resources ({@code GET /admin-api/:resource/_export}): the list's
 * filters, search and sort ({@code panel.crud.ListQuery}/{@code ListSql}) over every matching row, read through a
 * server-side cursor and written as CSV or NDJSON as they come, so memory does not grow with the row count.
 *
 * <p>{@code ResourceExport} owns no access rule and writes no audit entry; the use case around it,
 * {@link dev.warden.panel.export.ExportService}, authorizes {@code list} first and audits the export with its row
 * count once the stream ended. Only the resource's visible columns are exported, so hidden and write-only columns
 * (whose values live in hidden columns) never leave the database.
 */
package dev.warden.panel.export;
