package dev.warden.web;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ErrorCode;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;

/**
 * Builds the error body shared by both APIs: {@code {"error": {"code", "message", "fields"?}}}
 * (docs/admin-api.md, "Error body"; docs/hosting-api.md, "Requirements: Errors"). {@code fields} appears on 422, and on a 409 that names what conflicted (a job's revert: the rows changed since,
 * docs/admin-api.md, "Jobs" rule 8).
 */
public final class ErrorBodies {

    private ErrorBodies() {}

    /** A JSON error response with {@code code}'s status, its wire code and {@code message}. */
    public static Response.ResponseBuilder response(ErrorCode code, String message, Map<String, List<String>> fields) {
        return response(code.status(), code, message, fields);
    }

    /**
     * A JSON error response with {@code status}, {@code code} and {@code message}; {@code status} may differ from
     * the code's own for the JAX-RS runtime's errors ({@link ErrorCode#forStatus}: e.g. a 502 as {@code server_error}).
     */
    public static Response.ResponseBuilder response(
            int status, ErrorCode code, String message, Map<String, List<String>> fields) {
        JsonObjectBuilder error =
                JSON.createObjectBuilder().add("code", code.wire()).add("message", message);
        if ((status == 422 || status == 409) && fields != null && !fields.isEmpty()) {
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

    /** The standard wire code for an HTTP status that came without one ({@link ErrorCode#forStatus}). */
    public static String codeFor(int status) {
        return ErrorCode.forStatus(status).wire();
    }
}
