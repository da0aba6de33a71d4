package dev.warden.web.guard;

import dev.warden.pathguard.RawPaths;
import dev.warden.web.ErrorBodies;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The container's error page (WEB-INF/web.xml maps the 4xx and 5xx statuses the container sends itself, and any
 * uncaught exception, here). Under {@code /admin-api}, {@code /api/v1}, {@code /agent/v1} and {@code /game-api} it answers the documented JSON error body
 * with the status the container chose; elsewhere a one-line plain text. An uncaught exception is logged as one
 * WARNING line naming its class and message, without a stack trace; plain status errors are logged at FINE.
 */
@WebServlet("/warden-error")
public class ErrorPageServlet extends HttpServlet {

    private static final Logger LOG = Logger.getLogger(ErrorPageServlet.class.getName());

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer i ? i : 404; // requested directly: there is nothing here
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        String path = uri == null
                ? ""
                : uri.toString()
                        .substring(Math.min(
                                uri.toString().length(),
                                request.getContextPath().length()));
        Object failure = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        if (failure instanceof Throwable t) {
            LOG.log(
                    Level.WARNING,
                    "Request to " + RequestGuardFilter.printable(path) + " failed in the container: "
                            + t.getClass().getName() + ": " + RequestGuardFilter.printable(t.getMessage()));
        } else {
            LOG.fine(() -> "Container answered " + status + " for " + RequestGuardFilter.printable(path));
        }
        if (RawPaths.isApi(path) || RawPaths.isApi(decoded(path))) {
            ErrorWriter.write(response, status, ErrorBodies.codeFor(status), message(status), null);
            return;
        }
        if (response.isCommitted()) {
            return;
        }
        response.reset();
        response.setStatus(status);
        response.setContentType("text/plain;charset=UTF-8");
        response.setHeader("Cache-Control", "no-store");
        response.getOutputStream().write((status + " " + message(status) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Declared so that the container does not treat this servlet as having the default TRACE implementation: its
     * security check refuses TRACE to such servlets, which broke the error dispatch of a TRACE request (the error
     * page itself was refused, and a stack trace logged). {@link #service} answers every method.
     */
    @Override
    protected void doTrace(HttpServletRequest request, HttpServletResponse response) throws IOException {
        service(request, response);
    }

    /**
     * The path percent-decoded and stripped, so that {@code /admin-api%20} counts as the API's (WildFly hands the
     * error page the raw path); the path itself when an escape is malformed.
     */
    private static String decoded(String path) {
        byte[] bytes = RawPaths.decodeBytes(path, false);
        return bytes == null ? path : new String(bytes, StandardCharsets.UTF_8).strip();
    }

    static String message(int status) {
        return switch (status) {
            case 400 -> "The request is malformed";
            case 404 -> "No such resource";
            case 401 -> "Sign in first";
            case 403 -> "The request is not allowed";
            case 405 -> "Method not allowed";
            case 413 -> "The body is too large";
            default -> status >= 500 ? "Something went wrong on our side" : "The request was refused";
        };
    }
}
