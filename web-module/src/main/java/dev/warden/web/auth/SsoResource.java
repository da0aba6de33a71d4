package dev.warden.web.auth;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.sso.SsoLogout;
import dev.warden.auth.sso.SsoSignIn;
import dev.warden.web.ClientInfo;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Single sign-on routes under {@code /admin-api/auth/sso} (docs/sso.md, docs/security.md). All public
 * ({@link SessionFilter}); 404 {@code not_found} when SSO is off.
 *
 * <ul>
 *   <li>{@code GET start}: 302 to the provider's authorization endpoint; sets the short-lived
 *       {@value #STATE_COOKIE} cookie (HttpOnly, SameSite=Lax, path {@code /admin-api/auth/sso}) holding the
 *       {@code state}, so the callback is accepted only in the browser that started it;</li>
 *   <li>{@code GET callback}: on success 302 to {@code /admin/} with the {@code warden_session} cookie; refused:
 *       302 to {@code /admin/?sso_error=<reason>} (the reasons of {@link SsoSignIn});</li>
 *   <li>{@code POST backchannel-logout} (form {@code logout_token}): 200 and the sessions named end; 400 for an
 *       invalid token (OpenID Connect Back-Channel Logout 1.0, section 2.8);</li>
 *   <li>{@code POST logout} (a form post from the UI): ends the session, clears the cookie, 303 to the provider's
 *       end-session endpoint (RP-initiated logout) or to {@code warden.sso.post-logout-url}.</li>
 * </ul>
 */
@Path("auth/sso")
@RequestScoped
public class SsoResource {

    /** The cookie carrying the {@code state} of a started sign-in. */
    public static final String STATE_COOKIE = "warden_sso_state";

    private static final String COOKIE_PATH = "/admin-api/auth/sso";

    @EJB
    SsoSignIn signIn;

    @EJB
    SsoLogout logout;

    @Context
    HttpServletRequest request;

    /** {@code GET /auth/sso/start}: 302 to the provider; 429 past the per-address limit (docs/security.md). */
    @GET
    @Path("start")
    public Response start() {
        SsoSignIn.Started started = signIn.start(ClientInfo.of(request).ip());
        return Response.status(Response.Status.FOUND)
                .header("Location", started.location().toString())
                .header("Cache-Control", "no-store")
                .cookie(stateCookie(started.state(), started.ttl().toSeconds()))
                .build();
    }

    /** {@code GET /auth/sso/callback?code&state[&error]}: 302 to {@code /admin/}, signed in or with {@code sso_error}. */
    @GET
    @Path("callback")
    public Response callback(
            @QueryParam("code") String code,
            @QueryParam("state") String state,
            @QueryParam("error") String error,
            @Context HttpHeaders headers) {
        ClientInfo client = ClientInfo.of(request);
        var browserState = headers.getCookies().get(STATE_COOKIE);
        SsoSignIn.Outcome outcome = signIn.callback(
                code,
                state,
                browserState == null ? null : browserState.getValue(),
                error,
                client.ip(),
                client.userAgent());
        Response.ResponseBuilder answer = Response.status(Response.Status.FOUND)
                .header("Cache-Control", "no-store")
                .cookie(stateCookie("", 0));
        if (outcome.ok()) {
            return answer.header("Location", "/admin/")
                    .cookie(AuthResource.sessionCookie(
                            request,
                            outcome.session().cookieValue(),
                            outcome.session().ttl().toSeconds()))
                    .build();
        }
        return answer.header(
                        "Location", "/admin/?sso_error=" + URLEncoder.encode(outcome.reason(), StandardCharsets.UTF_8))
                .build();
    }

    /** {@code POST /auth/sso/backchannel-logout} (form {@code logout_token}): 200; 400 for an invalid token. */
    @POST
    @Path("backchannel-logout")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public Response backChannelLogout(String body) {
        ClientInfo client = ClientInfo.of(request);
        int ended = logout.backChannel(formValue(body, "logout_token"), client.ip(), client.userAgent());
        return Response.ok(JSON.createObjectBuilder().add("users", ended).build())
                .header("Cache-Control", "no-store")
                .build();
    }

    /** {@code POST /auth/sso/logout}: 303 to the provider's end-session endpoint or to the panel. */
    @POST
    @Path("logout")
    @Consumes(MediaType.WILDCARD)
    public Response logout(@Context HttpHeaders headers) {
        ClientInfo client = ClientInfo.of(request);
        URI next = logout.logout(SessionFilter.sessionValue(headers.getCookies()), client.ip(), client.userAgent());
        return Response.status(Response.Status.SEE_OTHER)
                .header("Location", next.toString())
                .header("Cache-Control", "no-store")
                .cookie(AuthResource.sessionCookie(request, "", 0))
                .build();
    }

    private NewCookie stateCookie(String value, long maxAgeSeconds) {
        boolean https = request.isSecure() || "https".equalsIgnoreCase(request.getHeader("X-Forwarded-Proto"));
        return new NewCookie.Builder(STATE_COOKIE)
                .value(value)
                .path(COOKIE_PATH)
                .httpOnly(true)
                .secure(https)
                .sameSite(NewCookie.SameSite.LAX)
                .maxAge((int) maxAgeSeconds)
                .build();
    }

    /** The value of {@code name} in an {@code application/x-www-form-urlencoded} body; null when absent. */
    static String formValue(String body, String name) {
        if (body == null) {
            return null;
        }
        for (String pair : body.split("&")) {
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            if (key.equals(name)) {
                return eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }
}
