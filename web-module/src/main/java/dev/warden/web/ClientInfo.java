package dev.warden.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The client's address and user agent as recorded on sessions and audit entries and used by the sign-in
 * throttle. The address is the socket's peer, or, when the peer is a trusted reverse proxy
 * ({@code warden.trusted-proxies} / {@code WARDEN_TRUSTED_PROXIES}, see {@link TrustedProxies}), the client that
 * {@code X-Forwarded-For} names. Without trusted proxies the header is ignored.
 *
 * @param ip        client address, may be null
 * @param userAgent {@code User-Agent} header, may be null
 */
public record ClientInfo(String ip, String userAgent) {

    /** MicroProfile Config key of the trusted proxies (environment {@code WARDEN_TRUSTED_PROXIES}). */
    public static final String TRUSTED_PROXIES = "warden.trusted-proxies";

    private record Parsed(String config, TrustedProxies proxies) {}

    private static volatile Parsed parsed = new Parsed("", TrustedProxies.NONE);

    /** Reads both from the servlet request. */
    public static ClientInfo of(HttpServletRequest request) {
        String peer = request.getRemoteAddr();
        return new ClientInfo(
                proxies().clientIp(peer, request.getHeader("X-Forwarded-For")), request.getHeader("User-Agent"));
    }

    /**
     * The configured trusted proxies (re-parsed only when the configured value changes). A malformed list is
     * logged once at SEVERE and trusts nobody.
     */
    static TrustedProxies proxies() {
        String config = ConfigProvider.getConfig()
                .getOptionalValue(TRUSTED_PROXIES, String.class)
                .orElse("")
                .strip();
        Parsed current = parsed;
        if (!current.config().equals(config)) {
            TrustedProxies proxies;
            try {
                proxies = TrustedProxies.parse(config);
            } catch (IllegalArgumentException e) {
                Logger.getLogger(ClientInfo.class.getName())
                        .severe(e.getMessage() + "; trusting no proxy (X-Forwarded-For ignored) until it is fixed");
                proxies = TrustedProxies.NONE;
            }
            current = new Parsed(config, proxies);
            parsed = current;
        }
        return current.proxies();
    }
}
