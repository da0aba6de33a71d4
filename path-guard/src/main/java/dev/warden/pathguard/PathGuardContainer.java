package dev.warden.pathguard;

import com.ibm.wsspi.http.HttpContainer;
import com.ibm.wsspi.http.HttpInboundConnection;
import com.ibm.wsspi.http.HttpOutputStream;
import com.ibm.wsspi.http.HttpResponse;
import com.ibm.wsspi.http.VirtualHost;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Open Liberty only (user feature {@code wardenPathGuard-1.0}): an HTTP container that every enabled virtual host
 * asks before the web container, and that answers a request to one of Warden's APIs whose raw path
 * {@link RawPaths#refusal} refuses with 400 and the documented error body {@code {"error": {"code": "bad_request",
 * "message": "The path ..."}}}. Liberty's web container would otherwise refuse a decoded control character, a
 * malformed escape or a dot segment above the root itself, with its own HTML or {@code {"error_message"}} body and
 * before any filter (docs/decisions/liberty-path-guard-feature.md). Every other request passes untouched (null
 * handler). Registered by declarative services (OSGI-INF/dev.warden.pathguard.xml); never loaded on WildFly, where
 * the web module's request guard gives the same answers.
 */
public class PathGuardContainer implements HttpContainer {

    /**
     * The context root this container registers under: the virtual host asks every container in the order they
     * joined, whatever the root, and logs the root once (CWWKT0016I); nothing is served there.
     */
    static final String CONTEXT_ROOT = "/.warden-path-guard";

    private static final Logger LOG = Logger.getLogger(PathGuardContainer.class.getName());

    /** Declarative services: a virtual host became enabled; join it. */
    protected void addVirtualHost(VirtualHost host) {
        host.addContextRoot(CONTEXT_ROOT, this);
    }

    /** Declarative services: a virtual host went away or was disabled. */
    protected void removeVirtualHost(VirtualHost host) {
        host.removeContextRoot(CONTEXT_ROOT, this);
    }

    /** A handler that writes the refusal when the request's raw path is an API path that must be refused; else null. */
    @Override
    public Runnable createRunnableHandler(HttpInboundConnection connection) {
        String raw = connection.getRequest().getURI();
        if (!RawPaths.isApi(raw)) {
            return null;
        }
        String refusal = RawPaths.refusal(raw);
        if (refusal == null) {
            return null;
        }
        return () -> refuse(connection, "The path " + refusal);
    }

    private static void refuse(HttpInboundConnection connection, String message) {
        LOG.fine(() -> "Refused a request: 400 bad_request: " + message);
        byte[] body = ("{\"error\":{\"code\":\"bad_request\",\"message\":\"" + jsonText(message) + "\"}}")
                .getBytes(StandardCharsets.UTF_8);
        HttpResponse response = connection.getResponse();
        response.setStatus(400);
        response.setReason("Bad Request");
        response.setHeader("Content-Type", "application/json");
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setContentLength(body.length);
        try {
            HttpOutputStream out = response.getBody();
            out.write(body);
            out.close();
            connection.finish(null);
        } catch (IOException e) {
            LOG.log(Level.FINE, "The client went away before the refusal was written", e);
            connection.finish(e);
        }
    }

    /** {@code text} as the inside of a JSON string (the messages hold at most one quote or backslash). */
    static String jsonText(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
