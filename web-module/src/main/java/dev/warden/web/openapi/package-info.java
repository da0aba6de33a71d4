/**
 * The OpenAPI document at {@code /openapi} on servers without a MicroProfile OpenAPI implementation of their own in
 * Warden's configuration (WildFly): {@link dev.warden.web.openapi.OpenApiDocumentServlet}.
 */
package dev.warden.web.openapi;
