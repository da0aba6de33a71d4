package dev.warden.web;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.List;
import java.util.Map;

import static dev.warden.common.JsonSupport.JSON;

/**
 * Builds the error body shared by both APIs: {@code {"error": {"code", "message", "fields"?}}}
 * (DESIGN.md section 3, "Error body"; spec/hosting-api.md, Errors). {@code fields} appears only on 422.
 */
public final class ErrorBodies {

    private ErrorBodies() {
    }

    /** A JSON error response with {@code status}, {@code code} and {@code message}. */
    public static Response.ResponseBuilder response(int status, String code, String message,
                                                    Map<String, List<String>> fields) {
        JsonObjectBuilder error = JSON.createObjectBuilder().add("code", code).add("message", message);
        if (status == 422 && fields != null && !fields.isEmpty()) {
            JsonObjectBuilder byField = JSON.createObjectBuilder();
            fields.forEach((field, messages) -> {
                JsonArrayBuilder list = JSON.createArrayBuilder();
                messages.forEach(list::add);
                byField.add(field, list);
            });
            error.add("fields", byField);
        }
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header("Cache-Control", "no-store")
                .entity(JSON.createObjectBuilder().add("error", error).build());
    }

    /** The standard code for an HTTP status (used when the status did not come with a code). */
    public static String codeFor(int status) {
        return switch (status) {
            case 400 -> "bad_request";
            case 401 -> "unauthenticated";
            case 403 -> "forbidden";
            case 404 -> "not_found";
            case 405 -> "method_not_allowed";
            case 406 -> "not_acceptable";
            case 409 -> "conflict";
            case 412 -> "precondition_failed";
            case 415 -> "bad_request";
            case 422 -> "invalid_request";
            case 429 -> "rate_limited";
            case 501 -> "not_implemented";
            case 503 -> "unavailable";
            default -> status >= 500 ? "server_error" : "bad_request";
        };
    }
}
