/**
 * The hosting dashboard in the panel (docs/decisions/hosting-dashboard-in-the-panel.md): the operator-side use
 * cases over the hosting API's services ({@link dev.warden.hosting.dashboard.HostingDashboard}), authorised by the
 * panel's rules ({@code panel.policy}) instead of a team's bearer token.
 */
package dev.warden.hosting.dashboard;
