package dev.warden.openapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The merge of the committed documents and the semantic diff the drift test relies on. */
class OpenApiMergeTest {

    private static final String A =
            """
            openapi: 3.1.0
            info: {title: A, version: '1', summary: first}
            servers: [{url: 'http://x'}]
            security: [{a: []}]
            tags: [{name: TA}]
            paths:
              /a:
                get: {operationId: getA, responses: {'200': {description: ok}}}
              /a2:
                get: {operationId: getA2, security: [], responses: {'200': {description: ok}}}
            components:
              schemas:
                Error: {type: object}
                OnlyA: {type: string}
            """;
    private static final String B =
            """
            openapi: 3.1.0
            info: {title: B, version: '2'}
            servers: [{url: 'http://x'}]
            security: [{b: []}]
            tags: [{name: TB}]
            paths:
              /b:
                post: {operationId: postB, responses: {'201': {description: ok}}}
            components:
              schemas:
                Error: {type: object}
            """;

    @Test
    void unionOfPathsTagsAndComponentsWithSecurityPushedDown() {
        Map<String, Object> merged = OpenApiMerge.merge(List.of(OpenApiMerge.parse(A), OpenApiMerge.parse(B)));
        assertEquals(List.of("/a", "/a2", "/b"), List.copyOf(((Map<?, ?>) merged.get("paths")).keySet()));
        assertEquals(List.of(Map.of("a", List.of())), op(merged, "/a", "get").get("security"));
        assertEquals(List.of(), op(merged, "/a2", "get").get("security"), "an operation's own security wins");
        assertEquals(List.of(Map.of("b", List.of())), op(merged, "/b", "post").get("security"));
        assertTrue(!merged.containsKey("security"));
        assertEquals(2, ((List<?>) merged.get("tags")).size());
        assertEquals(2, ((Map<?, ?>) ((Map<?, ?>) merged.get("components")).get("schemas")).size());
        assertEquals("Warden", ((Map<?, ?>) merged.get("info")).get("title"));
    }

    @Test
    void aComponentDefinedDifferentlyTwiceIsAnError() {
        String b = B.replace("Error: {type: object}", "Error: {type: string}");
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> OpenApiMerge.merge(List.of(OpenApiMerge.parse(A), OpenApiMerge.parse(b))));
        assertTrue(e.getMessage().contains("components/schemas/Error"), e.getMessage());
    }

    @Test
    void aPathDefinedTwiceIsAnError() {
        String b = B.replace("/b:", "/a:");
        assertThrows(
                IllegalArgumentException.class,
                () -> OpenApiMerge.merge(List.of(OpenApiMerge.parse(A), OpenApiMerge.parse(b))));
    }

    @Test
    void theDiffIgnoresOrderAndNumberSpellingButNothingElse() {
        Object yaml = OpenApiMerge.parse("a: {x: 1, y: [1.0, 'two']}\nb: true\n");
        Object json = OpenApiMerge.parse("{\"b\": true, \"a\": {\"y\": [1, \"two\"], \"x\": 1.0}}");
        assertEquals(List.of(), OpenApiDiff.differences(yaml, json));
        Object changed = OpenApiMerge.parse("{\"b\": false, \"a\": {\"y\": [1], \"z\": 1}}");
        List<String> diffs = OpenApiDiff.differences(yaml, changed);
        assertEquals(4, diffs.size(), diffs.toString());
        assertTrue(diffs.stream().anyMatch(d -> d.startsWith("/a/x: missing")), diffs.toString());
        assertTrue(diffs.stream().anyMatch(d -> d.startsWith("/a/z: only in the live")), diffs.toString());
        assertTrue(diffs.stream().anyMatch(d -> d.startsWith("/a/y: expected 2 items")), diffs.toString());
        assertTrue(diffs.stream().anyMatch(d -> d.startsWith("/b: expected true")), diffs.toString());
    }

    @Test
    void plainScalarsAreReadAsYaml12() {
        Map<String, Object> doc =
                OpenApiMerge.parse("date: 2026-11-01\nno: no\non: off\nyes: true\nn: 5\nx: 1.5\nz: ~\n");
        assertEquals("2026-11-01", doc.get("date"), "Liberty writes dates unquoted; YAML 1.2 has no timestamps");
        assertEquals("no", doc.get("no"));
        assertEquals("off", doc.get("on"));
        assertEquals(true, doc.get("yes"));
        assertEquals(5, doc.get("n"));
        assertEquals(1.5, doc.get("x"));
        assertTrue(doc.containsKey("z") && doc.get("z") == null);
        assertEquals(
                List.of(),
                OpenApiDiff.differences(OpenApiMerge.parse("d: '2026-11-01'"), OpenApiMerge.parse("d: 2026-11-01")));
    }

    @Test
    void theCommittedDocumentsMergeAndRoundTrip() throws Exception {
        Path dir = Path.of(System.getProperty("user.dir"));
        Map<String, Object> merged = OpenApiMerge.merge(List.of(
                OpenApiMerge.read(dir.resolve("warden-admin.yaml")),
                OpenApiMerge.read(dir.resolve("warden-hosting.yaml"))));
        assertEquals(List.of(), OpenApiDiff.differences(merged, OpenApiMerge.parse(OpenApiMerge.dump(merged))));
        Path tmp = Files.createTempFile("merged", ".yaml");
        OpenApiMerge.main(new String[] {
            tmp.toString(),
            dir.resolve("warden-admin.yaml").toString(),
            dir.resolve("warden-hosting.yaml").toString()
        });
        assertEquals(List.of(), OpenApiDiff.differences(merged, OpenApiMerge.read(tmp)));
        assertTrue(!Files.readString(tmp).contains("*id0"), "no YAML aliases: SmallRye reads them as strings");
        Files.delete(tmp);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> op(Map<String, Object> doc, String path, String method) {
        return (Map<String, Object>)
                ((Map<String, Object>) ((Map<String, Object>) doc.get("paths")).get(path)).get(method);
    }
}
