/**
 * Live lists: row events ({@code created}, {@code updated}, {@code deleted} with the row's
 * {@code _id}) written to a short log table and sent to every node with PostgreSQL {@code NOTIFY}
 * ({@link dev.warden.panel.live.LiveEvents}) once the change committed (the {@code RowChange} of an audit event,
 * published by {@link dev.warden.panel.live.LivePublisher}; nothing else publishes), and the one listener connection per node that receives them and hands
 * them to subscribers ({@link dev.warden.panel.live.LiveListener}; the web module's SSE streams). Ids only, never
 * rows: a stream's client reads the row through the ordinary, permission-checked routes.
 */
package dev.warden.panel.live;
