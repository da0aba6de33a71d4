/**
 * The {@code /api/v1/.../deploys} endpoint's queries: a team's deploy history with status and output.
 */
package dev.warden.hosting.deploys;
