package dev.warden.it;

import dev.warden.it.support.Api;
import dev.warden.it.support.Deployments;
import dev.warden.openapi.OpenApiDiff;
import dev.warden.openapi.OpenApiMerge;
import io.restassured.response.Response;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The live {@code /openapi} is exactly the committed contract: {@code openapi/warden-admin.yaml} and
 * {@code openapi/warden-hosting.yaml}, merged (issue 7). Compared semantically after parsing (key order, YAML vs
 * JSON and number spelling do not matter), in both formats Liberty serves; Swagger UI answers at {@code /openapi/ui}.
 */
@ExtendWith(ArquillianExtension.class)
class OpenApiDocumentIT {

    @Deployment(testable = false)
    static EnterpriseArchive deployment() {
        return Deployments.warden();
    }

    /** The merge of the committed documents, read from the source tree ({@code warden.it.openapi.dir}). */
    static Map<String, Object> committed() throws Exception {
        Path dir = Path.of(System.getProperty("warden.it.openapi.dir", "../openapi"));
        assertTrue(Files.isRegularFile(dir.resolve("warden-hosting.yaml")), "no committed documents in " + dir.toAbsolutePath());
        return OpenApiMerge.merge(List.of(OpenApiMerge.read(dir.resolve("warden-admin.yaml")),
                OpenApiMerge.read(dir.resolve("warden-hosting.yaml"))));
    }

    @Test
    void theLiveYamlDocumentIsTheCommittedContract() throws Exception {
        Response live = Api.anonymous().get("/openapi");
        assertEquals(200, live.statusCode(), live.asString());
        List<String> drift = OpenApiDiff.differences(committed(), OpenApiMerge.parse(live.asString()));
        assertTrue(drift.isEmpty(), "/openapi drifted from openapi/*.yaml:\n" + String.join("\n", drift));
    }

    @Test
    void theLiveJsonDocumentIsTheCommittedContractToo() throws Exception {
        Response live = Api.anonymous().queryParam("format", "json").get("/openapi");
        assertEquals(200, live.statusCode(), live.asString());
        assertTrue(live.contentType().startsWith("application/json"), live.contentType());
        List<String> drift = OpenApiDiff.differences(committed(), OpenApiMerge.parse(live.asString()));
        assertTrue(drift.isEmpty(), "/openapi?format=json drifted from openapi/*.yaml:\n" + String.join("\n", drift));
    }

    @Test
    void swaggerUiIsServedAtOpenapiUi() {
        Response ui = Api.anonymous().redirects().follow(true).get("/openapi/ui/");
        assertEquals(200, ui.statusCode());
        assertTrue(ui.contentType().startsWith("text/html"), ui.contentType());
        assertTrue(ui.asString().toLowerCase().contains("swagger"), "not Swagger UI: " + ui.asString());
    }
}
