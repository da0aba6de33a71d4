package dev.warden.web.panel;

import dev.warden.hosting.dashboard.HostingDashboard;
import dev.warden.web.auth.AdminSession;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;

/**
 * The hosting dashboard's data for operators: a team's applications, metrics history, egress
 * per day and deploy history, through the same services as the hosting API ({@code /api/v1/applications/...}), so
 * the answers have the hosting API's shapes and parameters (docs/hosting-api.md, "Requirements"). Operators are not team members:
 * these routes use the panel session, not a team's bearer token, and carry no hosting rate limit or cache.
 *
 * <ul>
 *   <li>{@code GET /admin-api/_hosting/teams/:team/applications}: needs {@code list} on {@code applications}.</li>
 *   <li>{@code GET .../applications/:slug/metrics?resolution=minute|day&from&to&location_id}: needs {@code list} on
 *       {@code applications} and {@code instances}.</li>
 *   <li>{@code GET .../applications/:slug/egress?from&to}: needs {@code list} on {@code egressDays}.</li>
 *   <li>{@code GET .../applications/:slug/deploys?limit}: needs {@code list} on {@code deploys}.</li>
 * </ul>
 * The panel's role rule applies as to those resources (admins; mods scoped to them; never role user). 403 otherwise;
 * 404 for an application the team does not have; 422 for a bad parameter, as the hosting API. Thin: each route calls
 * one method of {@link HostingDashboard}.
 */
@Path("_hosting/teams/{team}/applications")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class HostingDashboardResource {

    @EJB
    HostingDashboard dashboard;

    @Inject
    AdminSession session;

    @Context
    UriInfo uri;

    /** See {@link HostingDashboardResource}. */
    @GET
    public JsonObject applications(@PathParam("team") String team) {
        return dashboard.applications(session.operator(), team);
    }

    /** See {@link HostingDashboardResource}. */
    @GET
    @Path("{slug}/metrics")
    public JsonObject metrics(@PathParam("team") String team, @PathParam("slug") String slug) {
        return dashboard.metrics(session.operator(), team, slug, uri.getQueryParameters());
    }

    /** See {@link HostingDashboardResource}. */
    @GET
    @Path("{slug}/egress")
    public JsonObject egress(@PathParam("team") String team, @PathParam("slug") String slug) {
        return dashboard.egress(session.operator(), team, slug, uri.getQueryParameters());
    }

    /** See {@link HostingDashboardResource}. */
    @GET
    @Path("{slug}/deploys")
    public JsonObject deploys(@PathParam("team") String team, @PathParam("slug") String slug) {
        return dashboard.deploys(session.operator(), team, slug, uri.getQueryParameters());
    }
}
