/**
 * The hosting API's access decision
 * (docs/hosting-api.md, "Requirements: Authentication" and "Requirements: Limits"; docs/architecture.md, "Hosting access"):
 * is the bearer token valid, and is its team within the endpoint's limits?
 * One EJB ({@link dev.warden.hosting.access.HostingAccess}) answers with an
 * {@link dev.warden.hosting.access.AccessDecision}, allowed with the limit figures or refused with the reason; the web
 * layer's one filter maps it to the answer. It knows nothing of HTTP.
 */
package dev.warden.hosting.access;
