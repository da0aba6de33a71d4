/**
 * MicroProfile Health checks, served by Liberty's {@code mpHealth-4.0} (WildFly: {@code microprofile-health-smallrye}) at {@code /health/started},
 * {@code /health/live} and {@code /health/ready} (JSON, 200 when UP, 503 when DOWN; anonymous may read them, see
 * docs/security.md):
 *
 * <ul>
 *   <li>{@code warden-schema} (startup and readiness): UP once the Flyway migrations have run in this instance
 *       (the EJB module's {@code dev.warden.schema.SchemaState} tells {@link dev.warden.health.HealthState}: migrated,
 *       and the beans that wait for the schema started); data {@code version}.</li>
 *   <li>{@code warden-database} (readiness): UP while a pooled connection of Warden's data source answers; DOWN with
 *       data {@code reason} and the SQL state when PostgreSQL is unreachable or refuses the connection.</li>
 *   <li>{@code warden-application} (liveness): UP while the application is deployed and answers requests.</li>
 * </ul>
 *
 * <p>A library jar of the EAR (warden-persistence), not the EJB module: WildFly's MicroProfile Health subsystem
 * (which serves them on its management interface) sees only the beans of the EAR's top-level archives. On a server
 * without MicroProfile Health, CDI skips these classes (WELD-000119) and the application runs without health
 * endpoints.
 */
package dev.warden.health;
