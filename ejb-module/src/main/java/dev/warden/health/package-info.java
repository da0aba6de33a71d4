/**
 * MicroProfile Health checks (issue 18), served by Liberty's {@code mpHealth-4.0} at {@code /health/started},
 * {@code /health/live} and {@code /health/ready} (JSON, 200 when UP, 503 when DOWN; anonymous may read them, see
 * docs/security.md):
 *
 * <ul>
 *   <li>{@code warden-schema} (startup and readiness): UP once the Flyway migrations have run in this instance
 *       ({@link dev.warden.schema.SchemaState}: migrated, and the beans that wait for the schema started); data {@code version}.</li>
 *   <li>{@code warden-database} (readiness): UP while a pooled connection of Warden's data source answers; DOWN with
 *       data {@code reason} and the SQL state when PostgreSQL is unreachable or refuses the connection.</li>
 *   <li>{@code warden-application} (liveness): UP while the application is deployed and answers requests.</li>
 * </ul>
 *
 * <p>On a server without MicroProfile Health (WildFly's standalone.xml), CDI skips these classes (WELD-000119) and
 * the application runs without health endpoints.
 */
package dev.warden.health;
