package dev.warden.web.guard;

import static dev.warden.common.JsonSupport.JSON;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Writes the documented error body {@code {"error": {"code", "message", "fields"?}}} (docs/admin-api.md) straight
 * to a servlet response, for answers given before or outside JAX-RS (the request guard, the container's error
 * pages). {@code fields} only on 422.
 */
public final class ErrorWriter {

    private ErrorWriter() {}

    /** Resets {@code response} (when not committed) and writes the error body with {@code status}. */
    public static void write(
            HttpServletResponse response, int status, String code, String message, Map<String, List<String>> fields)
            throws IOException {
        if (response.isCommitted()) {
            return;
        }
        String connection = response.getHeader("Connection");
        response.reset();
        if (connection != null) {
            response.setHeader("Connection", connection);
        }
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
        byte[] body = JSON.createObjectBuilder()
                .add("error", error)
                .build()
                .toString()
                .getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setHeader("Cache-Control", "no-store");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
        response.flushBuffer();
    }
}
