package dev.warden.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Keeps the committed OpenAPI documents ({@code openapi/warden-admin.yaml}, {@code openapi/warden-hosting.yaml}), which
 * {@code /openapi} serves as they are, true to the code: every JAX-RS route (method and path, as
 * {@link SecurityDocTest} finds them) is documented, and every documented {@code /admin-api} route exists. Path
 * parameters match by position, not name ({@code {id}} = {@code {deployId}}).
 */
class OpenApiRoutesTest {

    private static final Set<String> METHODS =
            Set.of("get", "put", "post", "delete", "patch", "head", "options", "trace");

    static TreeSet<String> documentedRoutes() throws IOException {
        TreeSet<String> routes = new TreeSet<>();
        for (String name : List.of("warden-admin.yaml", "warden-hosting.yaml")) {
            Map<String, Object> doc = read(name);
            @SuppressWarnings("unchecked")
            Map<String, Map<String, Object>> paths = (Map<String, Map<String, Object>>) doc.get("paths");
            paths.forEach((path, item) -> item.keySet().stream()
                    .filter(METHODS::contains)
                    .forEach(method -> routes.add(method.toUpperCase() + " " + normalize(path))));
        }
        return routes;
    }

    private static String normalize(String path) {
        return path.replaceAll("\\{[^}]+}", "{}");
    }

    private static TreeSet<String> declared() throws Exception {
        TreeSet<String> out = new TreeSet<>();
        SecurityDocTest.declaredRoutes().forEach(r -> out.add(normalize(r)));
        return out;
    }

    @Test
    void everyJaxRsRouteIsInTheOpenApiDocuments() throws Exception {
        TreeSet<String> missing = declared();
        missing.removeAll(documentedRoutes());
        assertEquals(new TreeSet<>(), missing, "routes missing from openapi/*.yaml");
    }

    @Test
    void everyDocumentedAdminRouteExists() throws Exception {
        TreeSet<String> stale = new TreeSet<>(documentedRoutes());
        stale.removeIf(r -> !r.contains(" /admin-api"));
        stale.removeAll(declared());
        assertEquals(new TreeSet<>(), stale, "documented /admin-api routes with no JAX-RS method");
    }

    @Test
    void theHostingApiAnswersOnlyGet() throws Exception {
        for (String route : documentedRoutes()) {
            if (route.contains(" /api/v1/")) {
                assertTrue(
                        route.startsWith("GET "),
                        route + ": docs/hosting-api.md, \"Requirements: What the API does\" rule 5");
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> read(String name) throws IOException {
        for (String dir : List.of("../openapi", "openapi")) {
            Path file = Path.of(dir, name);
            if (Files.isRegularFile(file)) {
                try (Reader in = Files.newBufferedReader(file)) {
                    return (Map<String, Object>) new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
                }
            }
        }
        throw new IOException("openapi/" + name + " not found");
    }
}
