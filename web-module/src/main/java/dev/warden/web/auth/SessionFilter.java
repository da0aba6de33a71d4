package dev.warden.web.auth;

import dev.warden.auth.SessionVerdict;
import dev.warden.auth.Sessions;
import dev.warden.auth.sso.SsoBearer;
import dev.warden.common.ApiException;
import jakarta.annotation.Priority;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.ext.Provider;
import java.net.URI;
import java.util.Locale;
import java.util.Set;

/**
 * Authenticates every {@code /admin-api} request by its {@code warden_session} cookie (docs/admin-api.md, "Authentication" rule 1:
 * anonymous requests get 401) and refuses cross-site unsafe requests (docs/admin-api.md:
 * 403 when {@code Origin} or {@code Sec-Fetch-Site} says cross-site). A request without a session cookie
 * but with {@code Authorization: Bearer <JWT>} is authenticated by the SSO provider's access token instead
 * ({@link SsoBearer}; off by default: 401).
 *
 * <p>Public routes (every other route is 401 when anonymous): {@code auth/login}, {@code auth/mfa/verify} (the
 * pending sign-in cookie is its credential),
 * {@code auth/bootstrap}, {@code auth/password-reset...}, and the single sign-on routes:
 * {@code auth/methods}, {@code auth/sso/start}, {@code auth/sso/callback}, {@code auth/sso/backchannel-logout} (the
 * provider's server calls it; the logout token is its credential) and {@code auth/sso/logout} (reads the cookie
 * itself; without one it only redirects).
 *
 * <p>Then the second-factor rules ({@link SecondFactorRoutes}; docs/security.md, "Second factors and step-up"): an
 * operator whose role must hold a factor and who holds none reaches only the enrolment routes (403
 * {@code mfa_enrollment_required}), and the step-up routes answer 401 {@code step_up_required} until the session
 * proves a factor again.
 */
@Provider
@ApplicationScoped
@Priority(Priorities.AUTHENTICATION)
public class SessionFilter implements ContainerRequestFilter {

    /** Name of the session cookie over plain http. */
    public static final String COOKIE = "warden_session";
    /**
     * Name of the session cookie when served over https: the {@code __Host-} prefix makes
     * browsers refuse it unless it is Secure, has {@code Path=/} and no {@code Domain}, so a sibling subdomain
     * cannot plant or overwrite it.
     */
    public static final String HOST_COOKIE = "__Host-" + COOKIE;

    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");
    private static final Set<String> PUBLIC_PATHS = Set.of(
            "auth/login",
            "auth/mfa/verify",
            "auth/mfa/webauthn/verify-options",
            "auth/mfa/webauthn/login-options",
            "auth/mfa/webauthn/login",
            "auth/bootstrap",
            "auth/password-reset",
            "auth/password-reset/complete",
            "auth/methods",
            "auth/sso/start",
            "auth/sso/callback",
            "auth/sso/backchannel-logout",
            "auth/sso/logout");

    @EJB
    Sessions auth;

    @Inject
    AdminSession session;

    @EJB
    SsoBearer bearer;

    @Override
    public void filter(ContainerRequestContext request) {
        if (!SAFE_METHODS.contains(request.getMethod()) && isCrossSite(request)) {
            throw ApiException.forbidden("Cross-site request refused");
        }
        String path = stripSlashes(request.getUriInfo().getPath());
        if (PUBLIC_PATHS.contains(path)) {
            return;
        }
        String cookie = sessionValue(request.getCookies());
        String authorization = request.getHeaderString("Authorization");
        SessionVerdict verdict =
                cookie == null && authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
                        ? bearer.check(authorization.substring(7).strip())
                        : auth.check(cookie);
        session.set(verdict.orThrow().withStepUpDue(verdict.stepUpDue()));
        SecondFactorRoutes.enforce(verdict, request.getMethod(), path);
    }

    /** The session cookie's value: the {@code __Host-} one when present, else the plain one; null when neither. */
    public static String sessionValue(java.util.Map<String, Cookie> cookies) {
        return sessionValue(
                name -> cookies.get(name) == null ? null : cookies.get(name).getValue());
    }

    /** {@link #sessionValue(java.util.Map)} over a lookup of cookie values by name. */
    public static String sessionValue(java.util.function.Function<String, String> valueOf) {
        for (String name : new String[] {HOST_COOKIE, COOKIE}) {
            String value = valueOf.apply(name);
            if (value != null && !value.isBlank()) {
                return value;
            }
        }
        return null;
    }

    /** True when {@code Sec-Fetch-Site: cross-site}, or {@code Origin} names another host than {@code Host}. */
    static boolean isCrossSite(ContainerRequestContext request) {
        String fetchSite = request.getHeaderString("Sec-Fetch-Site");
        if (fetchSite != null && fetchSite.toLowerCase(Locale.ROOT).equals("cross-site")) {
            return true;
        }
        String origin = request.getHeaderString("Origin");
        if (origin == null || origin.isBlank()) {
            return false;
        }
        if (origin.equals("null")) {
            return true;
        }
        String host = request.getHeaderString("Host");
        try {
            URI uri = URI.create(origin.strip());
            String originHost = uri.getPort() < 0 ? uri.getHost() : uri.getHost() + ":" + uri.getPort();
            return host == null || originHost == null || !sameHost(originHost, host, uri.getScheme());
        } catch (IllegalArgumentException e) {
            return true;
        }
    }

    private static boolean sameHost(String originHost, String host, String scheme) {
        String a = originHost.toLowerCase(Locale.ROOT);
        String b = host.toLowerCase(Locale.ROOT);
        if (a.equals(b)) {
            return true;
        }
        String defaultPort = "https".equalsIgnoreCase(scheme) ? ":443" : ":80";
        return (a + defaultPort).equals(b) || a.equals(b + defaultPort);
    }

    private static String stripSlashes(String path) {
        String p = path;
        while (p.startsWith("/")) {
            p = p.substring(1);
        }
        while (p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }
}
