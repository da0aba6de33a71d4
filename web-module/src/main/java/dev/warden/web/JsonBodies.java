package dev.warden.web;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;
import java.io.StringReader;
import java.util.Locale;

/** Reads request bodies as JSON objects with clear 400/422 errors (docs/admin-api.md, "Error body"). */
public final class JsonBodies {

    private JsonBodies() {}

    /**
     * Parses {@code body} as a JSON object; an empty body is {@code {}}. (Size, UTF-8 and nesting depth were checked
     * before, by {@code RequestGuardFilter}.)
     *
     * @throws ApiException 400 {@code bad_request} when it is not a JSON object; 422 naming the member (its dotted
     *                      path) whose name or string value holds a NUL character
     */
    public static JsonObject object(String body) {
        if (body == null || body.isBlank()) {
            return JsonValue.EMPTY_JSON_OBJECT;
        }
        try (JsonParser parser = JSON.createParser(new StringReader(body))) {
            if (!parser.hasNext()) {
                throw ApiException.badRequest("The body is not valid JSON");
            }
            parser.next();
            JsonValue value = parser.getValue();
            if (parser.hasNext()) {
                throw ApiException.badRequest("The body holds more than one JSON value");
            }
            if (value instanceof JsonObject object) {
                String nul = nulAt(object, "");
                if (nul != null) {
                    throw ApiException.invalid(nul, "must not contain a NUL character");
                }
                return object;
            }
        } catch (JsonException e) {
            throw ApiException.badRequest("The body is not valid JSON: " + e.getMessage());
        }
        throw ApiException.badRequest("The body must be a JSON object");
    }

    /**
     * The path ({@code name}, {@code a.b}, {@code list[2]}) of the first member name or string value holding a NUL
     * character (PostgreSQL text cannot store one), or null when there is none.
     */
    static String nulAt(JsonValue value, String at) {
        if (value instanceof JsonString s) {
            return s.getString().indexOf('\0') >= 0 ? (at.isEmpty() ? "body" : at) : null;
        }
        if (value instanceof JsonObject object) {
            for (var member : object.entrySet()) {
                String path = at.isEmpty() ? member.getKey() : at + "." + member.getKey();
                if (member.getKey().indexOf('\0') >= 0) {
                    return at.isEmpty() ? "body" : at;
                }
                String found = nulAt(member.getValue(), path);
                if (found != null) {
                    return found;
                }
            }
        } else if (value instanceof jakarta.json.JsonArray array) {
            for (int i = 0; i < array.size(); i++) {
                String found = nulAt(array.get(i), (at.isEmpty() ? "body" : at) + "[" + i + "]");
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
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
            throw ApiException.badRequest(
                    "Unsupported content type '" + contentType.strip() + "'; send application/json");
        }
        return object(body);
    }

    /** True for {@code application/json} and {@code application/<anything>+json}, parameters ignored. */
    static boolean isJson(String contentType) {
        String type = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        return type.equals("application/json")
                || (type.startsWith("application/")
                        && type.endsWith("+json")
                        && type.length() > "application/+json".length());
    }
}
