package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.ext.HideModerationColumns;
import dev.warden.it.support.Api;
import dev.warden.it.support.Deployments;
import dev.warden.it.support.TestDb;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Ban, unban and revoke-sessions answer 501 {@code not_implemented} when the users table lacks {@code ban} or
 * {@code token_version} (docs/admin-api.md, "Errors"): here an integrator's customizer hides both columns, so
 * the panel sees a users table without them. Nothing is written and no session ends.
 */
@ExtendWith(ArquillianExtension.class)
class UsersWithoutModerationColumnsIT {

    @Deployment(testable = false)
    static EnterpriseArchive deployment() {
        JavaArchive customizer = ShrinkWrap.create(JavaArchive.class, "hide-moderation-columns.jar")
                .addClass(HideModerationColumns.class)
                .addAsManifestResource(
                        new StringAsset("<beans xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" "
                                + "version=\"4.0\" bean-discovery-mode=\"annotated\"/>"),
                        "beans.xml");
        EnterpriseArchive ear = Deployments.warden();
        ear.addAsLibrary(customizer);
        return ear;
    }

    @Test
    void banUnbanAndRevokeAre501AndChangeNothing() throws Exception {
        String admin = Api.signedIn("admin", null).cookie();
        String tag = TestDb.unique();
        String email = "nomod-" + tag + "@example.com";
        long player = TestDb.panelUser(email, "Player", "player password 1");
        String playerSession = Api.login(email, "player password 1");

        for (String path : List.of("ban", "unban", "revoke-sessions")) {
            Api.session(admin)
                    .contentType("application/json")
                    .body("{\"reason\": \"cheating\"}")
                    .post("/admin-api/users/" + player + "/" + path)
                    .then()
                    .statusCode(501)
                    .body("error.code", equalTo("not_implemented"));
        }
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM warden_users WHERE id = ? AND ban IS NOT NULL", player));
        assertEquals(
                0,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE resource = 'users' "
                                + "AND target_id = ? AND action LIKE 'user.%'",
                        String.valueOf(player)));
        Api.session(playerSession).get("/admin-api/auth/me").then().statusCode(200);

        // the panel does not show the hidden columns anywhere
        JsonPath catalog = JsonPath.from(Api.session(admin)
                .get("/admin-api")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        List<String> columns = catalog.getList("resources.find { it.key == 'users' }.columns.name");
        assertFalse(columns.contains("ban"));
        assertFalse(columns.contains("token_version"));
        assertTrue(columns.contains("email"));
        Map<String, Object> row = JsonPath.from(Api.session(admin)
                        .get("/admin-api/users/" + player)
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .getMap("");
        assertFalse(row.containsKey("ban"));
        assertFalse(row.containsKey("token_version"));
        Api.session(admin).get("/admin-api/users?ban_eq=x").then().statusCode(422);
    }
}
