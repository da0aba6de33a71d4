package dev.warden.web.game;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import java.io.IOException;

/**
 * Keeps the client address of a room socket's handshake request for {@link HandshakeConfigurator} (the
 * WebSocket handshake API has no remote address). Null when the container upgrades before filters run.
 */
@WebFilter(urlPatterns = "/game-api/v1/rooms/*", asyncSupported = true)
public class RemoteAddressFilter extends HttpFilter {

    private static final ThreadLocal<String> ADDRESS = new ThreadLocal<>();

    /** The address of the handshake being processed on this thread, or null. */
    static String current() {
        return ADDRESS.get();
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        ADDRESS.set(request.getRemoteAddr());
        try {
            chain.doFilter(request, response);
        } finally {
            ADDRESS.remove();
        }
    }
}
