package dev.warden.web.game;

import dev.warden.web.guard.InputChecks;
import jakarta.websocket.HandshakeResponse;
import jakarta.websocket.server.HandshakeRequest;
import jakarta.websocket.server.ServerEndpointConfig;
import java.util.List;
import java.util.Map;

/**
 * Reads the player token of a room socket's handshake: a {@code Sec-WebSocket-Protocol} entry
 * {@code access_token.<token>} (offered beside {@code warden}, which the server selects), else the
 * {@code access_token} query parameter; plus the {@code User-Agent} and the client address
 * ({@link RemoteAddressFilter}). They go into the connection's user properties (per connection since
 * Jakarta WebSocket 2.1) for {@link RoomSocket#onOpen}.
 */
public class HandshakeConfigurator extends ServerEndpointConfig.Configurator {

    /** The subprotocol the server selects. */
    public static final String SUBPROTOCOL = "warden";
    /** Prefix of the subprotocol entry that carries the token. */
    public static final String TOKEN_PREFIX = "access_token.";

    static final String TOKEN = "warden.token";
    static final String USER_AGENT = "warden.userAgent";
    static final String IP = "warden.ip";

    @Override
    public void modifyHandshake(ServerEndpointConfig sec, HandshakeRequest request, HandshakeResponse response) {
        String token = null;
        for (String header : headers(request.getHeaders(), "Sec-WebSocket-Protocol")) {
            for (String entry : header.split(",")) {
                if (entry.strip().startsWith(TOKEN_PREFIX)) {
                    token = entry.strip().substring(TOKEN_PREFIX.length());
                }
            }
        }
        if (token == null) {
            // the raw query string, decoded here: WildFly's listener leaves decoding to the application
            // (docs/wildfly.md)
            token = InputChecks.queryParameter(request.getQueryString(), "access_token");
        }
        List<String> agent = headers(request.getHeaders(), "User-Agent");
        Map<String, Object> props = sec.getUserProperties();
        props.put(TOKEN, token);
        props.put(USER_AGENT, agent.isEmpty() ? null : agent.get(0));
        props.put(IP, RemoteAddressFilter.current());
    }

    @Override
    public String getNegotiatedSubprotocol(List<String> supported, List<String> requested) {
        return requested.contains(SUBPROTOCOL) ? SUBPROTOCOL : "";
    }

    private static List<String> headers(Map<String, List<String>> headers, String name) {
        for (Map.Entry<String, List<String>> e : headers.entrySet()) {
            if (e.getKey() != null && e.getKey().equalsIgnoreCase(name)) {
                return e.getValue();
            }
        }
        return List.of();
    }
}
