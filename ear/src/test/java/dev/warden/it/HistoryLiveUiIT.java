package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.BrowserScript;
import dev.warden.it.support.BrowserTests;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Field permissions, row history and live lists in the admin UI, in headless Chromium ({@code web-module/src/main/ui/tests/history-live.test.mjs}, a
 * {@code node:test} file): on the test extension's {@code contacts} (name and email readable by admins and mods,
 * email writable by admins only, salary, secret and handler_id admins only), a mod scoped to contacts sees no
 * unreadable column and a disabled email field; the History tab shows the mod's edit as a diff and reverts it (and
 * explains the 409 of a second revert); a list updates while open when rows are created and changed through the API;
 * an edit form says when its row changed underneath it; Restore on the audit log's delete entry re-creates a row;
 * Verify chain shows the server's verdict. Afterwards the database must hold what the browser did: the revert audited
 * as an update with {@code reverted_from}, the restore as a create with {@code reverted_from}, the restored row.
 */
@SharedDeployment(Ear.WARDEN_WITH_TEST_EXTENSION)
@BrowserScript("wildfly")
class HistoryLiveUiIT {

    private static final String PASSWORD = "a long enough password";

    @Test
    void fieldPermissionsHistoryRevertAndLiveListsInHeadlessChromium() throws Exception {
        String tag = "uih" + TestDb.unique();
        String adminEmail = "uihadmin-" + tag + "@example.com";
        String modEmail = "uihmod-" + tag + "@example.com";
        long adminId = TestDb.userWithRole(adminEmail, PASSWORD, "admin", null);
        long modId = TestDb.userWithRole(modEmail, PASSWORD, "mod", "contacts");
        String admin = Api.login(adminEmail, PASSWORD);
        // created through the API, so that the history starts with a create entry
        String name = "Contact " + tag;
        String note = "first note " + tag;
        long contact = create(admin, Map.of("name", name, "email", tag + "@example.com", "salary", 4200, "note", note));
        String spareName = "Spare " + tag;
        long spare = create(admin, Map.of("name", spareName, "note", "spare note"));

        String fixtures =
                """
                {"admin": {"email": "%s", "password": "%s"}, "mod": {"email": "%s", "password": "%s"}, "tag": "%s",
                 "contact": {"id": %d, "name": "%s", "note": "%s"}, "spare": {"id": %d, "name": "%s"}}
                """
                        .formatted(
                                adminEmail, PASSWORD, modEmail, PASSWORD, tag, contact, name, note, spare, spareName);
        BrowserTests.Result result = BrowserTests.run("tests/history-live.test.mjs", fixtures, 10);
        String output = result.output();
        System.out.println("[HistoryLiveUiIT] browser tests:\n" + output);
        assertEquals(
                0,
                result.exit(),
                "browser tests failed (screenshots in " + BrowserTests.screenshots() + "):\n" + output);

        // what the browser did, as the database saw it
        assertEquals(
                note,
                TestDb.column("SELECT note FROM game_contacts WHERE id = ?", contact)
                        .get(0));
        long update = TestDb.scalar(
                "SELECT id FROM warden_admin_audit WHERE resource = 'contacts' AND target_id = ? AND action = 'update' "
                        + "AND operator_id = ? AND payload->'reverted_from' IS NULL",
                String.valueOf(contact),
                modId);
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE resource = 'contacts' AND target_id = ? "
                                + "AND action = 'update' AND operator_id = ? AND (payload->>'reverted_from')::bigint = ?",
                        String.valueOf(contact),
                        modId,
                        update),
                "the mod's revert is audited as an update naming the entry it reverted");
        assertEquals(
                spareName,
                TestDb.column("SELECT name FROM game_contacts WHERE id = ?", spare)
                        .get(0));
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE resource = 'contacts' AND target_id = ? "
                                + "AND action = 'create' AND operator_id = ? AND payload->'reverted_from' IS NOT NULL",
                        String.valueOf(spare),
                        adminId),
                "the restore is audited as a create with reverted_from");
        assertTrue(
                TestDb.scalar(
                                "SELECT count(*) FROM game_contacts WHERE name LIKE ? AND note LIKE 'changed through the API%'",
                                tag + " live %")
                        == 1,
                "the live-list case created and changed its row");
    }

    private static long create(String cookie, Map<String, Object> body) {
        return Api.session(cookie)
                .contentType(ContentType.JSON)
                .body(body)
                .post("/admin-api/contacts")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }
}
