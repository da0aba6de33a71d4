package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.warden.it.support.AccessMatrix;
import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.specification.RequestSpecification;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The standard role rule and the audit log's default policies, cell by cell (docs/admin-api.md, "Authentication" rules 3, 4 and 7):
 * admin, a mod scoped to the resource, a mod scoped elsewhere, a plain
 * user and anonymous, against list, read, create, update and delete on a normal resource, on roles and on
 * the audit log. (Configured policies are covered in ExtensionIT.)
 */
@SharedDeployment
class RoleMatrixIT {

    private Map<String, String> sessions;
    /** The subject of role rows the matrix creates (never one of the identities above). */
    private long roleTarget;

    @BeforeEach
    void identities() throws Exception {
        sessions = AccessMatrix.identities(List.of("configs", "roles", "adminAudit"));
        roleTarget = TestDb.user("m-target-" + TestDb.unique() + "@example.com", "Target", null);
    }

    private int call(String who, String action, String key) throws Exception {
        String cookie = sessions.get(who);
        RequestSpecification request = cookie == null ? Api.anonymous() : Api.session(cookie);
        request = request.contentType("application/json");
        String id = fixture(key);
        return switch (action) {
            case "list" -> request.get("/admin-api/" + key).statusCode();
            case "read" -> request.get("/admin-api/" + key + "/" + id).statusCode();
            case "create" ->
                request.body(createBody(key)).post("/admin-api/" + key).statusCode();
            case "update" ->
                request.body(updateBody(key))
                        .patch("/admin-api/" + key + "/" + id)
                        .statusCode();
            default -> request.delete("/admin-api/" + key + "/" + id).statusCode();
        };
    }

    private String fixture(String key) throws Exception {
        return switch (key) {
            case "configs" ->
                String.valueOf(TestDb.insert(
                        "INSERT INTO warden_configs (key, value) VALUES (?, '1'::jsonb) RETURNING id",
                        "m." + TestDb.unique()));
            case "roles" ->
                String.valueOf(TestDb.insert(
                        "INSERT INTO warden_roles (user_id, role, resource) VALUES (?, 'mod', ?) RETURNING id",
                        roleTarget,
                        "k" + TestDb.unique()));
            default ->
                String.valueOf(TestDb.insert(
                        "INSERT INTO warden_admin_audit (action, resource) VALUES ('create', 'configs') RETURNING id"));
        };
    }

    private String createBody(String key) {
        return switch (key) {
            case "configs" -> "{\"key\": \"m." + TestDb.unique() + "\", \"value\": 2}";
            case "roles" ->
                "{\"user_id\": " + roleTarget + ", \"role\": \"mod\", \"resource\": \"k" + TestDb.unique() + "\"}";
            default -> "{\"action\": \"forged\", \"resource\": \"configs\"}";
        };
    }

    private String updateBody(String key) {
        return switch (key) {
            case "configs" -> "{\"description\": \"changed\"}";
            case "roles" -> "{\"resource\": \"k" + TestDb.unique() + "\"}";
            default -> "{\"action\": \"forged\"}";
        };
    }

    private void check(String key, Map<String, List<Integer>> expected) throws Exception {
        assertEquals(
                List.of(),
                AccessMatrix.differences(
                        key, expected, AccessMatrix.observe(expected, (who, action) -> call(who, action, key))));
    }

    @Test
    void aNormalResourceFollowsTheStandardRule() throws Exception {
        Map<String, List<Integer>> expected = new LinkedHashMap<>();
        expected.put("admin", List.of(200, 200, 201, 200, 200));
        expected.put("mod:configs", List.of(200, 200, 403, 200, 403));
        expected.put("mod:elsewhere", List.of(403, 403, 403, 403, 403));
        expected.put("user", List.of(200, 200, 403, 403, 403));
        expected.put("anonymous", List.of(401, 401, 401, 401, 401));
        check("configs", expected);
    }

    @Test
    void rolesAreBlockedForModsByTheRuleItself() throws Exception {
        Map<String, List<Integer>> expected = new LinkedHashMap<>();
        expected.put("admin", List.of(200, 200, 201, 200, 200));
        expected.put("mod:roles", List.of(403, 403, 403, 403, 403));
        expected.put("mod:elsewhere", List.of(403, 403, 403, 403, 403));
        expected.put("user", List.of(200, 200, 403, 403, 403));
        expected.put("anonymous", List.of(401, 401, 401, 401, 401));
        check("roles", expected);
    }

    @Test
    void theAuditLogIsAdminReadOnlyAndDeniesEveryWrite() throws Exception {
        Map<String, List<Integer>> expected = new LinkedHashMap<>();
        expected.put("admin", List.of(200, 200, 403, 403, 403));
        expected.put("mod:adminAudit", List.of(403, 403, 403, 403, 403));
        expected.put("mod:elsewhere", List.of(403, 403, 403, 403, 403));
        expected.put("user", List.of(403, 403, 403, 403, 403));
        expected.put("anonymous", List.of(401, 401, 401, 401, 401));
        check("adminAudit", expected);
    }
}
