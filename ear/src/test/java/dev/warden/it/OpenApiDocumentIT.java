package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.openapi.OpenApiDiff;
import dev.warden.openapi.OpenApiMerge;
import io.restassured.response.Response;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The live {@code /openapi} is exactly the committed contract: {@code openapi/warden-admin.yaml} and
 * {@code openapi/warden-hosting.yaml}, merged. Compared semantically after parsing (key order, YAML vs
 * JSON and number spelling do not matter), in both formats the server serves. Swagger UI answers at {@code /openapi-ui/}
 * on every server (the web module's copy) and, on Liberty, at {@code /openapi/ui} too (mpOpenAPI's own).
 */
@SharedDeployment
class OpenApiDocumentIT {

    /** The merge of the committed documents, read from the source tree ({@code warden.it.openapi.dir}). */
    static Map<String, Object> committed() throws Exception {
        Path dir = Path.of(System.getProperty("warden.it.openapi.dir", "../openapi"));
        assertTrue(
                Files.isRegularFile(dir.resolve("warden-hosting.yaml")),
                "no committed documents in " + dir.toAbsolutePath());
        return OpenApiMerge.merge(List.of(
                OpenApiMerge.read(dir.resolve("warden-admin.yaml")),
                OpenApiMerge.read(dir.resolve("warden-hosting.yaml"))));
    }

    /**
     * The live document parsed, without the two empty objects WildFly's OpenAPI subsystem adds to every document it
     * serves and which say nothing: a top-level {@code externalDocs: {}} and, in JSON, {@code info.contact: {}}
     * (docs/wildfly.md). Only empty ones are dropped: any content there is still drift.
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> live(String body) {
        Map<String, Object> doc = new java.util.LinkedHashMap<>(OpenApiMerge.parse(body));
        if (Map.of().equals(doc.get("externalDocs"))) {
            doc.remove("externalDocs");
        }
        if (doc.get("info") instanceof Map<?, ?> info && Map.of().equals(info.get("contact"))) {
            Map<String, Object> trimmed = new java.util.LinkedHashMap<>((Map<String, Object>) info);
            trimmed.remove("contact");
            doc.put("info", trimmed);
        }
        return doc;
    }

    @Test
    void theLiveYamlDocumentIsTheCommittedContract() throws Exception {
        Response live = Api.anonymous().get("/openapi");
        assertEquals(200, live.statusCode(), live.asString());
        List<String> drift = OpenApiDiff.differences(committed(), live(live.asString()));
        assertTrue(drift.isEmpty(), "/openapi drifted from openapi/*.yaml:\n" + String.join("\n", drift));
    }

    @Test
    void theLiveJsonDocumentIsTheCommittedContractToo() throws Exception {
        Response live = Api.anonymous().accept("application/json").get("/openapi");
        assertEquals(200, live.statusCode(), live.asString());
        assertTrue(live.contentType().startsWith("application/json"), live.contentType());
        List<String> drift = OpenApiDiff.differences(committed(), live(live.asString()));
        assertTrue(drift.isEmpty(), "/openapi as JSON drifted from openapi/*.yaml:\n" + String.join("\n", drift));
    }

    @Test
    void swaggerUiFromTheWebModuleIsServedAtOpenapiUiOnEveryServer() {
        Response ui = Api.anonymous().redirects().follow(true).get("/openapi-ui/");
        assertEquals(200, ui.statusCode());
        assertTrue(ui.contentType().startsWith("text/html"), ui.contentType());
        assertTrue(ui.asString().contains("swagger-ui-bundle.js"), "not Swagger UI: " + ui.asString());
        Api.anonymous().get("/openapi-ui/swagger-ui-bundle.js").then().statusCode(200);
        Api.anonymous()
                .get("/openapi-ui/warden-openapi-ui.js")
                .then()
                .statusCode(200)
                .body(org.hamcrest.Matchers.containsString("\"../openapi\""));
    }

    @Test
    void libertysOwnSwaggerUiIsServedAtOpenapiUi() {
        Assumptions.assumeFalse(
                "wildfly".equals(System.getProperty("warden.it.server")),
                "mpOpenAPI's Swagger UI is Liberty's only (docs/wildfly.md)");
        Response ui = Api.anonymous().redirects().follow(true).get("/openapi/ui/");
        assertEquals(200, ui.statusCode());
        assertTrue(ui.contentType().startsWith("text/html"), ui.contentType());
        assertTrue(ui.asString().toLowerCase().contains("swagger"), "not Swagger UI: " + ui.asString());
    }
}
