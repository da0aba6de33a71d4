package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.warden.it.support.Api;
import dev.warden.it.support.OpenApiContract;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Saved list views: an operator saves filters, sort and columns of a resource's list under a
 * name, lists them and deletes them; views are the operator's own, checked against the resource, need {@code list}
 * on it, and are audited.
 */
@SharedDeployment
class SavedViewsIT {

    private static final String VIEW =
            "{\"name\": \"Spammers\", \"filters\": {\"email_like\": \"spam\", \"_q\": [\"x\"]},"
                    + " \"sort\": [{\"field\": \"id\", \"order\": \"desc\"}], \"columns\": [\"id\", \"email\"]}";

    private static Response call(RequestSpecification spec, String method, String path, int status) {
        Response r = spec.request(method, path);
        assertEquals(status, r.statusCode(), method + " " + path + ": " + r.asString());
        assertEquals(List.of(), OpenApiContract.problems(method, path, r), "not what openapi/warden-admin.yaml says");
        return r;
    }

    private static RequestSpecification json(String cookie, String body) {
        return Api.session(cookie).contentType(ContentType.JSON).body(body);
    }

    @Test
    void anOperatorSavesListsReplacesAndDeletesTheirViews() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        call(Api.session(admin.cookie()), "GET", "/admin-api/_views/users", 200)
                .then()
                .body("size()", equalTo(0));
        Response created = call(json(admin.cookie(), VIEW), "POST", "/admin-api/_views/users", 201);
        String id = created.jsonPath().getString("id");
        created.then()
                .body("name", equalTo("Spammers"))
                .body("filters.email_like", equalTo(List.of("spam")))
                .body("filters._q", equalTo(List.of("x")))
                .body("sort[0].field", equalTo("id"))
                .body("sort[0].order", equalTo("desc"))
                .body("columns", equalTo(List.of("id", "email")));
        call(
                json(admin.cookie(), "{\"name\": \"A first\", \"filters\": {\"id_gte\": \"1\"}}"),
                "POST",
                "/admin-api/_views/users",
                201);
        Response replaced = call(
                json(admin.cookie(), "{\"name\": \"Spammers\", \"filters\": {\"email_like\": \"bot\"}}"),
                "POST",
                "/admin-api/_views/users",
                200);
        assertEquals(id, replaced.jsonPath().getString("id"));
        Response list = call(Api.session(admin.cookie()), "GET", "/admin-api/_views/users", 200);
        assertEquals(List.of("A first", "Spammers"), list.jsonPath().getList("name"));
        assertEquals(List.of("bot"), list.jsonPath().getList("[1].filters.email_like"));
        assertEquals(List.of(), list.jsonPath().getList("[1].columns"));
        // a view of another resource is another list
        call(Api.session(admin.cookie()), "GET", "/admin-api/_views/configs", 200)
                .then()
                .body("size()", equalTo(0));

        // another operator neither sees nor deletes it
        Api.Identity other = Api.signedIn("admin", null);
        call(Api.session(other.cookie()), "GET", "/admin-api/_views/users", 200)
                .then()
                .body("size()", equalTo(0));
        call(Api.session(other.cookie()), "DELETE", "/admin-api/_views/users/" + id, 404);

        call(Api.session(admin.cookie()), "DELETE", "/admin-api/_views/users/" + id, 200)
                .then()
                .body("name", equalTo("Spammers"));
        call(Api.session(admin.cookie()), "DELETE", "/admin-api/_views/users/" + id, 404);
        call(Api.session(admin.cookie()), "DELETE", "/admin-api/_views/users/nope", 404);
        assertEquals(
                List.of("A first"),
                Api.session(admin.cookie())
                        .get("/admin-api/_views/users")
                        .jsonPath()
                        .getList("name"));

        List<String> audited = TestDb.column(
                "SELECT action FROM warden_admin_audit WHERE operator_id = ? "
                        + "AND resource = 'users' AND action LIKE 'view.%' ORDER BY id",
                admin.id());
        assertEquals(List.of("view.save", "view.save", "view.save", "view.delete"), audited);
        // the view's entries target the view's id, not a row: the user of the same id has none of them in its history
        assertEquals(
                List.of(),
                call(Api.session(admin.cookie()), "GET", "/admin-api/users/" + id + "/_history", 200)
                        .jsonPath()
                        .getList("findAll { it.action.startsWith('view.') }"));
    }

    @Test
    void aViewMustFitTheResource() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        Map<String, String> bad = Map.of(
                "{}",
                "name",
                "{\"name\": \"  \"}",
                "name",
                "{\"name\": \"" + "n".repeat(101) + "\"}",
                "name",
                "{\"name\": \"x\", \"filters\": {\"nosuchcolumn\": \"1\"}}",
                "filters",
                "{\"name\": \"x\", \"filters\": {\"password_hash_like\": \"a\"}}",
                "filters",
                "{\"name\": \"x\", \"filters\": {\"id\": 5}}",
                "filters",
                "{\"name\": \"x\", \"filters\": {\"_sort\": \"id\"}}",
                "filters",
                "{\"name\": \"x\", \"sort\": [{\"field\": \"password_hash\"}]}",
                "sort",
                "{\"name\": \"x\", \"sort\": [{\"field\": \"id\", \"order\": \"up\"}]}",
                "sort",
                "{\"name\": \"x\", \"columns\": [\"password_hash\"]}",
                "columns");
        bad.forEach((body, field) -> call(json(admin.cookie(), body), "POST", "/admin-api/_views/users", 422)
                .then()
                .body("error.fields", hasKey(field)));
        call(json(admin.cookie(), "not json"), "POST", "/admin-api/_views/users", 400);
        call(Api.session(admin.cookie()), "GET", "/admin-api/_views/users", 200)
                .then()
                .body("size()", equalTo(0));
    }

    @Test
    void viewsNeedListOnTheResource() throws Exception {
        call(Api.anonymous(), "GET", "/admin-api/_views/users", 401);
        Api.Identity mod = Api.signedIn("mod", "cloudSaves");
        call(Api.session(mod.cookie()), "GET", "/admin-api/_views/configs", 403);
        call(json(mod.cookie(), "{\"name\": \"x\"}"), "POST", "/admin-api/_views/configs", 403);
        call(json(mod.cookie(), "{\"name\": \"mine\"}"), "POST", "/admin-api/_views/cloudSaves", 201);
        Api.Identity auditMod = Api.signedIn("mod", "adminAudit");
        call(Api.session(auditMod.cookie()), "GET", "/admin-api/_views/adminAudit", 403);
        call(Api.session(mod.cookie()), "GET", "/admin-api/_views/nothingHere", 404);
    }
}
