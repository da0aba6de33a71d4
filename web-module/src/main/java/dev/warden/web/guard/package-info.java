/**
 * The request guard in front of every API: body size limits (413),
 * JSON depth (400), NUL bytes and invalid UTF-8 (422 naming the field), encoded separators and dot segments in
 * paths, the {@code /admin-api} Host allow-list, and the JSON error page for what the servlet container refuses.
 * It answers with the documented error body and never touches the database.
 */
package dev.warden.web.guard;
