package dev.warden.it.support;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.SimpleValidationReportFormat;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.restassured.http.Header;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Validates real responses against the committed OpenAPI documents ({@code openapi/warden-admin.yaml} for
 * {@code /admin-api} and {@code /game-api}, {@code openapi/warden-hosting.yaml} for {@code /api/v1} and {@code /agent/v1}; system property
 * {@code warden.it.openapi.dir}) with Atlassian's swagger-request-validator: the status must be listed for the
 * operation, the headers and the body must match its schema (drift fails the build).
 *
 * <p>The validator reads OpenAPI 3.0 only, so each document is lowered first (in memory, never written): a type list
 * with {@code 'null'} becomes {@code nullable: true}, {@code anyOf [X, {type: 'null'}]} becomes
 * {@code anyOf [X, {nullable, enum: [null]}]}, {@code const} becomes a one-value {@code enum}, schema
 * {@code examples} lists are dropped, and {@code openapi} is set to 3.0.3. Nothing else changes.
 */
public final class OpenApiContract {

    private static final Map<String, OpenApiInteractionValidator> VALIDATORS = new ConcurrentHashMap<>();

    private OpenApiContract() {}

    /** The document that describes {@code path} ({@code /admin-api...} and {@code /game-api...}: admin; else hosting). */
    static String documentFor(String path) {
        return path.startsWith("/admin-api") || path.startsWith("/game-api")
                ? "warden-admin.yaml"
                : "warden-hosting.yaml";
    }

    private static OpenApiInteractionValidator validator(String document) {
        return VALIDATORS.computeIfAbsent(document, d -> {
            Path file = Path.of(System.getProperty("warden.it.openapi.dir", "../openapi"), d);
            try {
                JsonNode tree = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
                lower(tree);
                String json = new ObjectMapper().writeValueAsString(tree);
                return OpenApiInteractionValidator.createForInlineApiSpecification(json)
                        .build();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /**
     * The validation problems of {@code response} to {@code method path} (path without the query string), one per
     * line; empty when it matches the document.
     */
    public static List<String> problems(String method, String path, Response response) {
        SimpleResponse.Builder builder = SimpleResponse.Builder.status(response.statusCode());
        for (Header header : response.headers()) {
            builder.withHeader(header.getName(), header.getValue());
        }
        String body = response.asString();
        if (body != null && !body.isEmpty()) {
            builder.withBody(body);
        }
        ValidationReport report = validator(documentFor(path))
                .validateResponse(path, Request.Method.valueOf(method.toUpperCase()), builder.build());
        List<String> out = new ArrayList<>();
        if (report.hasErrors()) {
            out.add(SimpleValidationReportFormat.getInstance().apply(report).strip());
        }
        return out;
    }

    /**
     * The validation problems of a raw answer ({@link RawHttp.Answer}) to {@code method path}; see
     * {@link #problems(String, String, Response)}.
     */
    public static List<String> problems(String method, String path, RawHttp.Answer answer) {
        SimpleResponse.Builder builder = SimpleResponse.Builder.status(answer.status());
        answer.headers().forEach(builder::withHeader);
        if (answer.body().length > 0) {
            builder.withBody(answer.text());
        }
        ValidationReport report = validator(documentFor(path))
                .validateResponse(path, Request.Method.valueOf(method.toUpperCase()), builder.build());
        return report.hasErrors()
                ? List.of(
                        SimpleValidationReportFormat.getInstance().apply(report).strip())
                : List.of();
    }

    /**
     * One documented operation.
     *
     * @param method     upper case, e.g. {@code POST}
     * @param path       the path template, e.g. {@code /admin-api/{resource}/{id}}
     * @param pathParams the names of its path parameters, in path order
     * @param jsonBody   true when it takes an {@code application/json} request body
     * @param queryTimes its query parameters declared {@code format: date-time}
     * @param bodyTimes  the top-level members of its JSON body declared {@code format: date-time}
     */
    public record Operation(
            String method,
            String path,
            List<String> pathParams,
            boolean jsonBody,
            List<String> queryTimes,
            List<String> bodyTimes) {}

    /** Every operation of both documents, in document order. */
    public static List<Operation> operations() {
        List<Operation> out = new ArrayList<>();
        for (String document : List.of("warden-admin.yaml", "warden-hosting.yaml")) {
            JsonNode tree = read(document);
            JsonNode paths = tree.path("paths");
            for (Iterator<Map.Entry<String, JsonNode>> it = paths.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> item = it.next();
                for (String method : List.of("get", "post", "put", "patch", "delete")) {
                    JsonNode op = item.getValue().get(method);
                    if (op == null) {
                        continue;
                    }
                    List<String> pathParams = new ArrayList<>();
                    java.util.regex.Matcher m =
                            java.util.regex.Pattern.compile("\\{([^}]+)}").matcher(item.getKey());
                    while (m.find()) {
                        pathParams.add(m.group(1));
                    }
                    List<String> queryTimes = new ArrayList<>();
                    List<String> bodyTimes = new ArrayList<>();
                    List<JsonNode> parameters = new ArrayList<>();
                    item.getValue().path("parameters").forEach(parameters::add);
                    op.path("parameters").forEach(parameters::add);
                    for (JsonNode parameter : parameters) {
                        JsonNode p = resolve(tree, parameter);
                        if (p.path("in").asText().equals("query") && isTime(resolve(tree, p.path("schema")))) {
                            queryTimes.add(p.path("name").asText());
                        }
                    }
                    JsonNode body = resolve(tree, op.path("requestBody"))
                            .path("content")
                            .path("application/json");
                    if (!body.isMissingNode()) {
                        JsonNode schema = resolve(tree, body.path("schema"));
                        for (Iterator<Map.Entry<String, JsonNode>> f =
                                        schema.path("properties").fields();
                                f.hasNext(); ) {
                            Map.Entry<String, JsonNode> field = f.next();
                            if (isTime(resolve(tree, field.getValue()))) {
                                bodyTimes.add(field.getKey());
                            }
                        }
                    }
                    out.add(new Operation(
                            method.toUpperCase(),
                            item.getKey(),
                            pathParams,
                            !body.isMissingNode(),
                            queryTimes,
                            bodyTimes));
                }
            }
        }
        return out;
    }

    private static boolean isTime(JsonNode schema) {
        return schema.path("format").asText().equals("date-time");
    }

    /** {@code node}, or the node its local {@code $ref} names. */
    private static JsonNode resolve(JsonNode tree, JsonNode node) {
        while (node.has("$ref")) {
            node = tree.at(node.get("$ref").asText().substring(1));
        }
        return node;
    }

    private static JsonNode read(String document) {
        Path file = Path.of(System.getProperty("warden.it.openapi.dir", "../openapi"), document);
        try {
            return new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lowers an OpenAPI 3.1 tree to what the 3.0 validator reads (see the class comment). */
    static void lower(JsonNode node) {
        if (node instanceof ObjectNode object) {
            if (object.path("openapi").asText().startsWith("3.1")) {
                object.put("openapi", "3.0.3");
                if (object.path("info") instanceof ObjectNode info) {
                    info.remove("summary");
                    if (info.path("license") instanceof ObjectNode license) {
                        license.remove("identifier");
                    }
                }
            }
            JsonNode type = object.get("type");
            if (type instanceof ArrayNode types) {
                List<String> named = new ArrayList<>();
                boolean nullable = false;
                for (JsonNode t : types) {
                    if (t.asText().equals("null")) {
                        nullable = true;
                    } else {
                        named.add(t.asText());
                    }
                }
                object.remove("type");
                if (named.size() == 1) {
                    object.put("type", named.get(0));
                }
                if (nullable) {
                    object.put("nullable", true);
                }
            } else if (type != null && type.asText().equals("null")) {
                object.remove("type");
                object.put("nullable", true);
                object.set("enum", JsonNodeFactory.instance.arrayNode().addNull());
            }
            if (object.has("const")) {
                object.set("enum", JsonNodeFactory.instance.arrayNode().add(object.remove("const")));
            }
            if (object.get("examples") instanceof ArrayNode) {
                object.remove("examples");
            }
            for (Iterator<JsonNode> it = object.elements(); it.hasNext(); ) {
                lower(it.next());
            }
        } else if (node instanceof ArrayNode array) {
            for (JsonNode element : array) {
                lower(element);
            }
        }
    }
}
