package dev.warden.client;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One HTTP answer of the hosting API as {@link HostingPoller} sees it: status, headers (names case-insensitive) and
 * the body as text, whatever its content type (JSON, the logs' text/plain, or the proxy's plain-text 429/502/504).
 *
 * @param status  the HTTP status
 * @param headers header values by name (case-insensitive map)
 * @param body    the body as text; empty when there was none
 */
public record Reply(int status, Map<String, List<String>> headers, String body) {

    /** A reply; {@code headers} is copied into a case-insensitive map. */
    public Reply {
        TreeMap<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (headers != null) {
            headers.forEach((name, values) -> {
                if (name != null) {
                    copy.put(name, List.copyOf(values));
                }
            });
        }
        headers = copy;
        body = body == null ? "" : body;
    }

    /** The first value of a header, or null. */
    public String header(String name) {
        List<String> values = headers.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    /** Whether the status is 2xx or 304. */
    public boolean successful() {
        return (status >= 200 && status < 300) || status == 304;
    }

    /** Whether the body is JSON (the API's own answers) rather than text (logs, or the proxy's plain-text errors). */
    public boolean json() {
        String type = header("Content-Type");
        return type != null && type.toLowerCase(Locale.ROOT).startsWith("application/json");
    }

    /** The reply to a {@code java.net.http} request. */
    public static Reply of(HttpResponse<String> response) {
        return new Reply(response.statusCode(), response.headers().map(), response.body());
    }

    /**
     * The reply in a JAX-RS / MicroProfile REST client {@code Response}; its entity is read as text (once).
     */
    public static Reply of(jakarta.ws.rs.core.Response response) {
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        response.getStringHeaders().forEach(headers::put);
        String body = "";
        try {
            if (response.hasEntity()) {
                body = response.readEntity(String.class);
            }
        } catch (RuntimeException e) {
            body = ""; // already consumed or not readable as text: the status and headers decide anyway
        }
        return new Reply(response.getStatus(), headers, body);
    }
}
