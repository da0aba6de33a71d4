package dev.warden.panel;

import dev.warden.auth.AdminSession;
import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.panel.crud.ListQuery;
import dev.warden.panel.crud.Page;
import dev.warden.panel.crud.ResourceRows;
import dev.warden.panel.policy.AccessRules;
import dev.warden.panel.registry.CatalogService;
import dev.warden.panel.registry.RelationDef;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.ResourceRegistry;
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
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * The catalog and the rows of panel resources: {@code GET /admin-api}, {@code GET /admin-api/:resource} and
 * {@code GET /admin-api/:resource/:id} (spec/admin-panel.md, Endpoints; DESIGN.md section 3, "Catalog",
 * "List", "Rows").
 *
 * <p>One root resource for the whole {@code /admin-api/...} space on purpose: JAX-RS matches a request
 * against the first root class only, so a separate {@code @Path("")} catalog class beside a
 * {@code @Path("{resource}")} class made list and read answer 404 whenever the runtime happened to try the
 * catalog class first (registration order of {@code Class} objects is not stable across deployments).
 * More specific literal paths ({@code auth}) stay in their own classes: literal characters sort first.
 */
@Path("")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class PanelResource {

    /** Total row count of a list. */
    public static final String TOTAL_COUNT = "X-Total-Count";
    /** {@code exact} or {@code estimated} (above {@code warden.list.exact-count-limit} matching rows). */
    public static final String TOTAL_COUNT_KIND = "X-Total-Count-Kind";

    @EJB
    ResourceRegistry registry;

    @EJB
    CatalogService catalog;

    @EJB
    ResourceRows rows;

    @Inject
    AdminSession session;

    @Context
    UriInfo uri;

    /** {@code GET /admin-api}: 200 catalog; 403 {@code forbidden} for role user (spec, Authentication, rule 8). */
    @GET
    public JsonObject catalog() {
        Operator operator = session.operator();
        if (!operator.isOperator()) {
            throw ApiException.forbidden("The panel is for admins and moderators");
        }
        return catalog.catalog(operator);
    }

    /** 200 array of rows with {@code X-Total-Count}; 404 unknown key; 422 bad parameter; 403 by rule. */
    @GET
    @Path("{resource}")
    public Response list(@PathParam("resource") String key) {
        ResourceDef resource = resourceFor(key, "list");
        Page page = rows.list(resource, ListQuery.parse(uri.getQueryParameters(), resource));
        return Response.ok(page.rows())
                .header(TOTAL_COUNT, page.total())
                .header(TOTAL_COUNT_KIND, page.exact() ? "exact" : "estimated")
                .build();
    }

    /** 200 the row; 404 unknown key or row. */
    @GET
    @Path("{resource}/{id}")
    public JsonObject read(@PathParam("resource") String key, @PathParam("id") String id) {
        return rows.read(resourceFor(key, "read"), id);
    }

    /** {@code GET /:resource/:id/_counts}: 200 {@code {"<relation>": n}} for the many-relations; 404 unknown row. */
    @GET
    @Path("{resource}/{id}/_counts")
    public JsonObject counts(@PathParam("resource") String key, @PathParam("id") String id) {
        return rows.counts(resourceFor(key, "read"), id);
    }

    /**
     * {@code GET /:resource/:id/relations/:name}: 200 array of related rows with {@code X-Total-Count};
     * needs read on both resources (spec/admin-panel.md, Endpoints); 404 unknown relation or row.
     */
    @GET
    @Path("{resource}/{id}/relations/{name}")
    public Response relation(@PathParam("resource") String key, @PathParam("id") String id,
                             @PathParam("name") String name) {
        ResourceDef resource = resourceFor(key, "read");
        RelationDef relation = resource.relations().stream().filter(r -> r.name().equals(name)).findFirst()
                .orElseThrow(() -> ApiException.notFound("No relation '" + name + "' on " + key));
        resourceFor(relation.target(), "read");
        Page page = rows.relationRows(resource, id, relation, uri.getQueryParameters());
        return Response.ok(page.rows())
                .header(TOTAL_COUNT, page.total())
                .header(TOTAL_COUNT_KIND, page.exact() ? "exact" : "estimated")
                .build();
    }

    private ResourceDef resourceFor(String key, String action) {
        ResourceDef resource = registry.find(key)
                .orElseThrow(() -> ApiException.notFound("No resource '" + key + "'"));
        Operator operator = session.operator();
        if (!AccessRules.allows(operator, action, key)) {
            throw ApiException.forbidden("You may not " + action + " " + key);
        }
        return resource;
    }
}
