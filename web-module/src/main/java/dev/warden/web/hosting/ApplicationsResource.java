package dev.warden.web.hosting;

import dev.warden.hosting.apps.ApplicationService;
import dev.warden.hosting.limits.Endpoint;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code GET /api/v1/applications}: the token's team's applications (docs/hosting-api.md, "Requirements: Endpoints"). */
@Path("applications")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class ApplicationsResource {

    @EJB
    ApplicationService applications;

    @Inject
    HostingRequest hosting;

    /** 200 {@code {data: [Application]}} with locations (region object, plan) and instances. */
    @GET
    @HostingEndpoint(Endpoint.APPLICATIONS)
    public JsonObject list() {
        return applications.list(hosting.access().teamId());
    }
}
