package dev.warden.web.guard;

import dev.warden.pathguard.RawPaths;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The first thing every request to the WAR meets. On every path it
 * refuses an encoded {@code /}, {@code \}, {@code .} or {@code #} and {@code .}/{@code ..} segments (400
 * {@code bad_request}; the container's own check, which logged a stack trace per request, is off in server.xml) and,
 * outside the APIs, the method {@code TRACE} (405: a servlet's default TRACE echoes the request's cookies). On {@code /admin-api}, {@code /api/v1},
 * {@code /agent/v1} and {@code /game-api} it also refuses, with the documented error body and without touching the database:
 *
 * <ul>
 *   <li>403 {@code forbidden} on {@code /admin-api} when {@code Host} is not an allowed host ({@link HostAllowList}:
 *       DNS rebinding);</li>
 *   <li>400 {@code bad_request} when the path holds a control character, a malformed percent escape, bytes that are
 *       not UTF-8 or a character that must be percent-encoded;</li>
 *   <li>422 {@code invalid_request} when a query parameter ({@code fields.<name>}) holds a NUL byte, a malformed
 *       percent escape or bytes that are not UTF-8;</li>
 *   <li>413 {@code payload_too_large} when the body is larger than the route's limit ({@link BodyLimits});</li>
 *   <li>422 naming {@code body} when the body is not UTF-8;</li>
 *   <li>400 {@code bad_request} when a JSON body nests deeper than {@code warden.limits.json.max-depth} (default
 *       64).</li>
 * </ul>
 *
 * A refusal is logged at FINE only (one line; no stack trace), so hostile traffic cannot flood the log. A body
 * that passes is buffered (it is at most the limit) and replayed to the application.
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true) // SSE (live lists) and sockets; nothing runs after the chain
public class RequestGuardFilter extends HttpFilter {

    private static final Logger LOG = Logger.getLogger(RequestGuardFilter.class.getName());

    @Inject
    BodyLimits limits;

    @Inject
    HostAllowList hosts;

    @Inject
    @ConfigProperty(name = "warden.limits.json.max-depth", defaultValue = "64")
    int maxDepth;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        boolean api = RawPaths.isApi(path);
        String raw = request.getRequestURI();
        if (RawPaths.hasEncodedSeparator(raw) || RawPaths.hasDotSegment(raw)) {
            String message = "The path " + RawPaths.SEPARATOR_REFUSAL;
            if (api) {
                refuse(response, 400, "bad_request", message, null);
            } else {
                LOG.fine(() -> "Refused a request: 400: " + message);
                response.sendError(400);
            }
            return;
        }
        if (!api) {
            if ("TRACE".equals(request.getMethod())) {
                // a servlet's default TRACE echoes the request's headers, its cookies included; WildFly's listener
                // lets TRACE through (warden.cli) so that the APIs can answer it with the error body
                LOG.fine("Refused a request: 405: TRACE outside the APIs");
                response.sendError(405);
                return;
            }
            chain.doFilter(request, response);
            return;
        }
        if ((path.equals("/admin-api") || path.startsWith("/admin-api/")) && !hosts.allows(host(request))) {
            refuse(
                    response,
                    403,
                    "forbidden",
                    "This server does not answer for host '" + printable(host(request)) + "'; see warden.allowed-hosts",
                    null);
            return;
        }
        String pathProblem = RawPaths.pathProblem(request.getRequestURI());
        if (pathProblem != null) {
            // on Open Liberty the path guard feature gives the same answer before the web container (which would
            // refuse a control character with its own body): docs/decisions/liberty-path-guard-feature.md
            refuse(response, 400, "bad_request", "The path " + pathProblem, null);
            return;
        }
        Map<String, List<String>> query = InputChecks.queryProblems(request.getQueryString());
        if (!query.isEmpty()) {
            refuse(response, 422, "invalid_request", "Invalid query parameter", query);
            return;
        }
        long limit = limits.limitFor(path);
        long declared = request.getContentLengthLong();
        if (declared > limit) {
            tooLarge(response, limit);
            return;
        }
        boolean hasBody = declared > 0 || request.getHeader("Transfer-Encoding") != null;
        if (!hasBody || BodyLimits.streamed(path)) {
            chain.doFilter(request, response);
            return;
        }
        byte[] body = read(request.getInputStream(), limit);
        if (body == null) {
            tooLarge(response, limit);
            return;
        }
        String utf8 = RawPaths.utf8Problem(body);
        if (utf8 != null) {
            refuse(response, 422, "invalid_request", "The body " + utf8, Map.of("body", List.of(utf8)));
            return;
        }
        if (InputChecks.jsonDepth(new String(body, StandardCharsets.UTF_8), maxDepth) > maxDepth) {
            refuse(response, 400, "bad_request", "The JSON body nests deeper than " + maxDepth + " levels", null);
            return;
        }
        chain.doFilter(new BufferedBodyRequest(request, body), response);
    }

    /** The body, or null when it has more than {@code limit} bytes. */
    private static byte[] read(InputStream in, long limit) throws IOException {
        byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
        return bytes.length > limit ? null : bytes;
    }

    private void tooLarge(HttpServletResponse response, long limit) throws IOException {
        response.setHeader("Connection", "close");
        refuse(
                response,
                413,
                "payload_too_large",
                "The body is larger than this route's limit of " + limit + " bytes",
                null);
    }

    private static void refuse(
            HttpServletResponse response, int status, String code, String message, Map<String, List<String>> fields)
            throws IOException {
        LOG.fine(() -> "Refused a request: " + status + " " + code + ": " + message);
        ErrorWriter.write(response, status, code, message, fields);
    }

    /** {@code text} with control characters replaced, cut to 100 characters, for messages. */
    /**
     * The host the client addressed: the {@code Host} header, or over HTTP/2 (where it is the {@code :authority}
     * pseudo-header, which Liberty does not show as {@code Host} on an upgraded h2c connection) the server name the
     * container read from it. An HTTP/1.x request without {@code Host} has none (null), and is refused.
     */
    static String host(HttpServletRequest request) {
        String host = request.getHeader("Host");
        if ((host == null || host.isBlank())
                && request.getProtocol() != null
                && request.getProtocol().startsWith("HTTP/2")) {
            return request.getServerName();
        }
        return host;
    }

    static String printable(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length() && out.length() < 100; i++) {
            char c = text.charAt(i);
            out.append(c < 0x20 || c == 0x7f ? '?' : c);
        }
        return out.toString();
    }
}
