/**
 * The hosting API's applications and instances as a team sees them ({@code /api/v1/applications}): queries
 * scoped to the caller's team, never another's.
 */
package dev.warden.hosting.apps;
