package dev.warden.web;

import dev.warden.common.ErrorCode;
import dev.warden.schema.SchemaState;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * While the database schema is not ready ({@link SchemaState#isMigrated()} false: Warden started without a
 * reachable database and is retrying), every request to {@code /admin-api}, {@code /api/v1} and
 * {@code /agent/v1} answers 503 {@code unavailable} with {@code Retry-After} (seconds until the next attempt) and
 * the JSON error body, never 404 or 500; likewise, for good, after a failed start (docs/operations.md, "Start-up
 * failures"). Once migrated this filter only passes requests on.
 */
@WebFilter(
        urlPatterns = {"/admin-api", "/admin-api/*", "/api/v1", "/api/v1/*", "/agent/v1", "/agent/v1/*"},
        asyncSupported = true) // the live lists' SSE streams run asynchronously; this filter only passes on
public class SchemaReadyFilter extends HttpFilter {

    static final String MESSAGE = "Warden is starting: its database is not reachable yet; try again later";
    static final String FAILED_MESSAGE = "Warden did not start; an operator must fix the cause and restart it";

    @Inject
    SchemaState schema;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (schema.isMigrated()) {
            chain.doFilter(request, response);
            return;
        }
        response.setStatus(ErrorCode.UNAVAILABLE.status());
        response.setHeader("Retry-After", Integer.toString(schema.retryAfterSeconds()));
        response.setHeader("Cache-Control", "no-store");
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        String message = schema.failedStep().isPresent() ? FAILED_MESSAGE : MESSAGE;
        String body = "{\"error\":{\"code\":\"" + ErrorCode.UNAVAILABLE.wire() + "\",\"message\":\"" + message + "\"}}";
        response.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
    }
}
