package dev.warden.panel;

import dev.warden.auth.AdminSession;
import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.panel.registry.CatalogService;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code GET /admin-api}: the catalog, for operators (admin or mod) only (spec/admin-panel.md, Authentication, rule 8). */
@Path("")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class CatalogResource {

    @EJB
    CatalogService catalog;

    @Inject
    AdminSession session;

    /** 200 catalog; 403 {@code forbidden} for role user. */
    @GET
    public JsonObject catalog() {
        Operator operator = session.operator();
        if (!operator.isOperator()) {
            throw ApiException.forbidden("The panel is for admins and moderators");
        }
        return catalog.catalog(operator);
    }
}
