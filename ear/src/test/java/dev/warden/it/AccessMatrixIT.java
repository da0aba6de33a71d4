package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.DeployedRoutes;
import dev.warden.it.support.Deployments;
import dev.warden.it.support.GameClient;
import dev.warden.it.support.HostingTeam;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The access matrix (docs/security.md, "Access matrix"): every route the deployed application serves, called by
 * every kind of caller, answers the status its cell says. The table is read from docs/security.md itself, so the
 * documentation and this test cannot drift; a route the deployed archives declare (JAX-RS, servlets, WebSocket
 * endpoints: {@link DeployedRoutes}) without a row fails the test.
 *
 * <p>With {@code -Dwarden.it.matrix.record=true} the test writes the observed table to
 * {@code target/access-matrix.md} instead of comparing (to review and paste when routes change on purpose).
 */
@SharedDeployment
class AccessMatrixIT {

    /** The callers, in the table's column order. */
    static final List<String> CALLERS =
            List.of("anonymous", "player", "team", "other team", "user", "mod out", "mod in", "admin", "sso bearer");

    private static final Pattern ROW =
            Pattern.compile("^\\| `((?:GET|POST|PUT|PATCH|DELETE|WS) [^`]+)` \\| `([^`]+)` \\|(.*)$");
    /** A JSON Web Token in shape (header.payload.signature) that no provider signed. */
    private static final String FOREIGN_JWT = "eyJhbGciOiJSUzI1NiIsInR5cCI6ImF0K2p3dCJ9."
            + "eyJpc3MiOiJodHRwczovL2lkcC5leGFtcGxlIiwic3ViIjoiYSIsImF1ZCI6IndhcmRlbiJ9.c2lnbmF0dXJl";

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    private static final Map<String, String> credential = new LinkedHashMap<>();
    private static final Map<String, String> values = new LinkedHashMap<>();

    record Row(String route, String request, List<String> expected) {}

    @BeforeAll
    static void callers() throws Exception {
        HostingTeam team = HostingTeam.create();
        HostingTeam other = HostingTeam.create();
        credential.put("player", GameClient.register("matrix"));
        credential.put("team", team.token());
        credential.put("other team", other.token());
        credential.put("user", Api.signedIn("user", null).cookie());
        credential.put("mod out", Api.signedIn("mod", "configs").cookie());
        Api.Identity mod = Api.signedIn("mod", "users");
        for (String scope : List.of("rooms", "teams", "applications")) {
            TestDb.update("INSERT INTO warden_roles (user_id, role, resource) VALUES (?, 'mod', ?)", mod.id(), scope);
        }
        credential.put("mod in", mod.cookie());
        credential.put("admin", Api.signedIn("admin", null).cookie());
        credential.put("sso bearer", FOREIGN_JWT);
        values.put("$team", String.valueOf(team.team()));
        values.put("$slug", team.slug());
        values.put(
                "$player", String.valueOf(TestDb.user("matrix-player-" + TestDb.unique() + "@example.com", "P", null)));
    }

    /** The matrix's rows from docs/security.md, section "Access matrix". */
    static List<Row> rows() throws Exception {
        String doc = Files.readString(Path.of(System.getProperty("warden.it.docs", "../docs"), "security.md"));
        int start = doc.indexOf("\n## Access matrix");
        assertTrue(start >= 0, "docs/security.md has a '## Access matrix' section");
        int end = doc.indexOf("\n## ", start + 5);
        List<Row> rows = new ArrayList<>();
        for (String line : doc.substring(start, end < 0 ? doc.length() : end).split("\n")) {
            Matcher m = ROW.matcher(line.strip());
            if (m.matches()) {
                List<String> cells = new ArrayList<>();
                for (String cell : m.group(3).split("\\|")) {
                    if (!cell.isBlank()) {
                        cells.add(cell.strip());
                    }
                }
                assertEquals(CALLERS.size(), cells.size(), "cells of " + line);
                rows.add(new Row(m.group(1), m.group(2), cells));
            }
        }
        return rows;
    }

    /** Every route the deployed archives declare: the EAR's web module at the root, the simulator beside it. */
    static TreeSet<String> deployed() throws Exception {
        TreeSet<String> deployed = DeployedRoutes.of(Deployments.warden(), Map.of("warden-web.war", ""));
        WebArchive simulator = ShrinkWrap.createFromZipFile(
                WebArchive.class,
                new File(System.getProperty("warden.it.simulator", "../simulator/target/warden-simulator.war")));
        deployed.addAll(DeployedRoutes.ofWar(
                simulator,
                "/warden-simulator",
                List.of(),
                Files.createTempDirectory("warden-simulator-routes").toFile()));
        return deployed;
    }

    /** The deployed routes without a row. */
    static TreeSet<String> missing(List<Row> rows) throws Exception {
        TreeSet<String> missing = deployed();
        rows.forEach(r -> missing.remove(r.route()));
        return missing;
    }

    @Test
    void everyRouteTheApplicationServesHasARow() throws Exception {
        assertTrue(deployed().size() > 60, "found " + deployed());
        TreeSet<String> missing = missing(rows());
        assertTrue(
                missing.isEmpty(),
                "routes the deployed application serves without a row in docs/security.md, 'Access matrix' (run "
                        + "with -Dwarden.it.matrix.record=true for a draft): " + missing);
    }

    @Test
    void everyCellAnswersAsTheTableSays() throws Exception {
        List<Row> rows = new ArrayList<>(rows());
        if (Boolean.getBoolean("warden.it.matrix.record")) {
            // a draft row for each route without one: templates filled with "x", to review before pasting
            for (String route : missing(rows)) {
                String request = route.replaceAll("\\{[^}]+}", "x");
                rows.add(new Row(route, request, java.util.Collections.nCopies(CALLERS.size(), "?")));
            }
        }
        List<String> wrong = new ArrayList<>();
        StringBuilder observed = new StringBuilder();
        for (Row row : rows) {
            List<String> got = new ArrayList<>();
            for (int i = 0; i < CALLERS.size(); i++) {
                String status = call(row, CALLERS.get(i));
                got.add(status);
                if (!status.equals(row.expected().get(i))) {
                    wrong.add(row.route() + " as " + CALLERS.get(i) + ": expected "
                            + row.expected().get(i) + ", got " + status);
                }
            }
            if (row.route().contains("logout")) {
                callers(); // the signed-in callers' sessions ended: sign them in again
            }
            observed.append("| `")
                    .append(row.route())
                    .append("` | `")
                    .append(row.request())
                    .append("` | ")
                    .append(String.join(" | ", got))
                    .append(" |\n");
        }
        if (Boolean.getBoolean("warden.it.matrix.record")) {
            Files.writeString(Path.of("target", "access-matrix.md"), observed.toString(), StandardCharsets.UTF_8);
            return;
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " cells differ from docs/security.md:\n" + String.join("\n", wrong));
    }

    /** One cell: the status (HTTP), or for a WebSocket row 101 when the socket stays open, else its close code. */
    private static String call(Row row, String caller) throws Exception {
        String request = row.request();
        for (Map.Entry<String, String> v : values.entrySet()) {
            request = request.replace(v.getKey(), v.getValue());
        }
        int space = request.indexOf(' ');
        String method = request.substring(0, space);
        String rest = request.substring(space + 1);
        int bodyAt = rest.indexOf(' ');
        String path = bodyAt < 0 ? rest : rest.substring(0, bodyAt);
        String body = bodyAt < 0 ? "{}" : rest.substring(bodyAt + 1);
        String token = credential.get(caller);
        if (method.equals("WS")) {
            return webSocket(path.substring("/game-api/v1/rooms/".length()), token == null ? "none" : token);
        }
        String base =
                path.startsWith("/health") ? System.getProperty("warden.it.health.url", Api.baseUrl()) : Api.baseUrl();
        HttpRequest.Builder http =
                HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
        if (token != null) {
            boolean panel = caller.startsWith("mod") || caller.equals("user") || caller.equals("admin");
            if (panel || caller.equals("player")) {
                http.header("Cookie", "warden_session=" + token);
            }
            if (!panel) {
                http.header("Authorization", "Bearer " + token);
            }
        }
        if (method.equals("GET") || method.equals("DELETE")) {
            http.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            http.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        }
        // the status arrives with the headers; a stream (live events, export) is closed unread
        HttpResponse<java.io.InputStream> response = HTTP.send(http.build(), HttpResponse.BodyHandlers.ofInputStream());
        response.body().close();
        return String.valueOf(response.statusCode());
    }

    private static String webSocket(String path, String token) throws Exception {
        GameClient client;
        try {
            client = GameClient.connect(path, token);
        } catch (RuntimeException e) {
            return "refused";
        }
        Integer code = client.closeCodeWithin(1500);
        if (code == null) {
            client.leave();
            return "101";
        }
        return String.valueOf(code);
    }
}
