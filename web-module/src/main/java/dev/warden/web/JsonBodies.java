package dev.warden.web;

import dev.warden.common.ApiException;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.io.StringReader;
import java.util.Locale;

import static dev.warden.common.JsonSupport.JSON;

/** Reads request bodies as JSON objects with clear 400/422 errors (DESIGN.md section 3, "Error body"). */
public final class JsonBodies {

    private JsonBodies() {
    }

    /**
     * Parses {@code body} as a JSON object; an empty body is {@code {}}.
     *
     * @throws ApiException 400 {@code bad_request} when it is not a JSON object
     */
    public static JsonObject object(String body) {
        if (body == null || body.isBlank()) {
            return JsonValue.EMPTY_JSON_OBJECT;
        }
        try (JsonReader reader = JSON.createReader(new StringReader(body))) {
            JsonValue value = reader.readValue();
            if (value instanceof JsonObject object) {
                return object;
            }
        } catch (JsonException e) {
            throw ApiException.badRequest("The body is not valid JSON: " + e.getMessage());
        }
        throw ApiException.badRequest("The body must be a JSON object");
    }

    /**
     * The string member {@code name}, or null when absent or null.
     *
     * @throws ApiException 422 naming {@code name} when it is present but not a string
     */
    public static String string(JsonObject body, String name) {
        JsonValue value = body.get(name);
        if (value == null || value == JsonValue.NULL) {
            return null;
        }
        if (value instanceof JsonString s) {
            return s.getString();
        }
        throw ApiException.invalid(name, "must be a string");
    }

    /**
     * Parses {@code body} as a JSON object after checking its {@code Content-Type}: absent, {@code application/json}
     * or {@code application/*+json} (any parameters, such as {@code charset}) are accepted; an empty body is
     * {@code {}}.
     *
     * @param contentType the raw {@code Content-Type} header, or null
     * @throws ApiException 400 {@code bad_request} for another content type or a body that is not a JSON object
     */
    public static JsonObject object(String contentType, String body) {
        if (contentType != null && !contentType.isBlank() && !isJson(contentType)) {
            throw ApiException.badRequest("Unsupported content type '" + contentType.strip()
                    + "'; send application/json");
        }
        return object(body);
    }

    /** True for {@code application/json} and {@code application/<anything>+json}, parameters ignored. */
    static boolean isJson(String contentType) {
        String type = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        return type.equals("application/json")
                || (type.startsWith("application/") && type.endsWith("+json") && type.length() > "application/+json".length());
    }
}
