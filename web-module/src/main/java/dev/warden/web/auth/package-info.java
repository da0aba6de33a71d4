/**
 * The web side of panel sign-in (docs/admin-api.md, "Sign-in"): the {@code /admin-api/auth} routes
 * ({@link dev.warden.web.auth.AuthResource}), the session cookie check and cross-site refusal on every
 * {@code /admin-api} request ({@link dev.warden.web.auth.SessionFilter}) and the request's operator
 * ({@link dev.warden.web.auth.AdminSession}). Thin: the logic is in {@code dev.warden.auth}.
 */
package dev.warden.web.auth;
