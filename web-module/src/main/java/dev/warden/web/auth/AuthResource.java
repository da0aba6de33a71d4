package dev.warden.web.auth;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Bootstrap;
import dev.warden.auth.LoginResult;
import dev.warden.auth.Operator;
import dev.warden.auth.PasswordReset;
import dev.warden.auth.SignIn;
import dev.warden.auth.SsoSettings;
import dev.warden.auth.StepUp;
import dev.warden.panel.users.UserRows;
import dev.warden.web.ClientInfo;
import dev.warden.web.JsonBodies;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;

/**
 * Sign-in routes under {@code /admin-api/auth} (docs/admin-api.md, "Sign-in"): login, logout, me and the
 * first-admin bootstrap. The session travels in the {@code warden_session} cookie: HttpOnly, SameSite=Lax;
 * when the request came over https it is Secure and named {@code __Host-warden_session}. The client's
 * address and user agent ({@link ClientInfo}) go to
 * the auth EJBs ({@link SignIn}, {@link Bootstrap}, {@link PasswordReset}), which record the {@code auth.*}
 * audit entries (docs/admin-api.md, "Events"); the {@code user} of an answer is the users resource's row
 * ({@link UserRows}).
 */
@Path("auth")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class AuthResource {

    @EJB
    SignIn signIn;

    @EJB
    Bootstrap bootstrap;

    @EJB
    PasswordReset passwordReset;

    @EJB
    UserRows users;

    @EJB
    StepUp stepUp;

    @Inject
    AdminSession session;

    @Inject
    SsoSettings ssoSettings;

    @Context
    HttpServletRequest request;

    /**
     * {@code POST /auth/login {email, password}}: 200 {@code {user}} and the cookie; 401 {@code invalid_credentials}.
     * A user holding a second factor gets 200 {@code {mfa_required: true, methods}} and the pending sign-in cookie
     * ({@link #PENDING_COOKIE}, not a session) instead (docs/security.md, "Second factors and step-up").
     */
    @POST
    @Path("login")
    @Consumes(MediaType.WILDCARD)
    public Response login(String body) {
        JsonObject json = JsonBodies.object(body);
        ClientInfo client = ClientInfo.of(request);
        LoginResult result = signIn.login(
                JsonBodies.string(json, "email"), JsonBodies.string(json, "password"), client.ip(), client.userAgent());
        if (result.pending()) {
            JsonArrayBuilder methods = JSON.createArrayBuilder();
            result.mfaMethods().forEach(methods::add);
            return Response.ok(JSON.createObjectBuilder()
                            .add("mfa_required", true)
                            .add("methods", methods)
                            .build())
                    .cookie(pendingCookie(
                            request, result.cookieValue(), result.ttl().toSeconds()))
                    .build();
        }
        return signedIn(request, users, result, Response.Status.OK);
    }

    /**
     * The one answer of a finished sign-in (password, second step, passkey, bootstrap): {@code status} with
     * {@code {user}} (the users resource's row), the session cookie, and the pending sign-in cookie cleared.
     */
    static Response signedIn(HttpServletRequest request, UserRows users, LoginResult result, Response.Status status) {
        return Response.status(status)
                .entity(JSON.createObjectBuilder()
                        .add("user", users.row(result.operator().userId()))
                        .build())
                .cookie(signedInCookies(request, result))
                .build();
    }

    /**
     * The session cookie, and the pending sign-in's cookie cleared when the request carried one (the second step);
     * a plain password sign-in sets the session cookie alone.
     */
    private static NewCookie[] signedInCookies(HttpServletRequest request, LoginResult result) {
        NewCookie session =
                sessionCookie(request, result.cookieValue(), result.ttl().toSeconds());
        jakarta.servlet.http.Cookie[] sent = request.getCookies();
        boolean pending =
                sent != null && java.util.Arrays.stream(sent).anyMatch(c -> PENDING_COOKIE.equals(c.getName()));
        return pending ? new NewCookie[] {session, pendingCookie(request, "", 0)} : new NewCookie[] {session};
    }

    /** {@code POST /auth/logout}: 204; ends the session (audited as {@code auth.logout}) and clears the cookie. */
    @POST
    @Path("logout")
    @Consumes(MediaType.WILDCARD)
    public Response logout(@Context HttpHeaders headers) {
        String cookie = SessionFilter.sessionValue(headers.getCookies());
        ClientInfo client = ClientInfo.of(request);
        signIn.logout(cookie, client.ip(), client.userAgent());
        return Response.noContent().cookie(sessionCookie("", 0)).build();
    }

    /** {@code GET /auth/me}: 200 {@code {user, role, scopes}}; 401 when signed out. */
    @GET
    @Path("me")
    public JsonObject me() {
        Operator operator = session.operator();
        JsonArrayBuilder scopes = JSON.createArrayBuilder();
        operator.scopes().forEach(scopes::add);
        return JSON.createObjectBuilder()
                .add("user", users.row(operator.userId()))
                .add("role", operator.role().wire())
                .add("scopes", scopes)
                .build();
    }

    /**
     * {@code GET /auth/methods} (public): the sign-in methods the login page offers,
     * {@code {"password": true|false, "sso": null | {"provider", "start", "logout"}}}: {@code password} false in
     * SSO-only mode (hide the password form, the first-run page and the reset link); {@code sso.start} is the
     * route the "Sign in with <provider>" button links to, {@code sso.logout} the form target of sign-out.
     */
    @GET
    @Path("methods")
    public JsonObject methods() {
        var json = JSON.createObjectBuilder().add("password", ssoSettings.passwordAllowed());
        if (ssoSettings.ssoEnabled()) {
            json.add(
                    "sso",
                    JSON.createObjectBuilder()
                            .add("provider", ssoSettings.providerName())
                            .add("start", "/admin-api/auth/sso/start")
                            .add("logout", "/admin-api/auth/sso/logout"));
        } else {
            json.addNull("sso");
        }
        return json.build();
    }

    /**
     * {@code GET /auth/bootstrap}: 200 {@code {"needed": true|false}}, true while no admin exists (the UI's
     * first-run page; public, like the POST).
     */
    @GET
    @Path("bootstrap")
    public JsonObject bootstrapState() {
        return JSON.createObjectBuilder().add("needed", bootstrap.needed()).build();
    }

    /**
     * {@code POST /auth/bootstrap {email, password, display_name, setup_token}}: 201 {@code {user}} for the first
     * admin, signed in; 403 without the setup token or with a wrong one; 409 once an admin exists or ever existed.
     */
    @POST
    @Path("bootstrap")
    @Consumes(MediaType.WILDCARD)
    public Response bootstrap(String body) {
        JsonObject json = JsonBodies.object(body);
        ClientInfo client = ClientInfo.of(request);
        LoginResult result = bootstrap.bootstrap(
                JsonBodies.string(json, "email"),
                JsonBodies.string(json, "password"),
                JsonBodies.string(json, "display_name"),
                JsonBodies.string(json, "setup_token"),
                client.ip(),
                client.userAgent());
        return signedIn(request, users, result, Response.Status.CREATED);
    }

    /** {@code POST /auth/password-reset {email}}: 202 whether or not an account has it (no account enumeration); 429 past the limits. */
    @POST
    @Path("password-reset")
    @Consumes(MediaType.WILDCARD)
    public Response passwordReset(String body) {
        JsonObject json = JsonBodies.object(body);
        ClientInfo client = ClientInfo.of(request);
        passwordReset.request(JsonBodies.string(json, "email"), client.ip(), client.userAgent());
        return Response.accepted().build();
    }

    /** {@code POST /auth/password-reset/complete {token, password}}: 204; ends all of the user's sessions. */
    @POST
    @Path("password-reset/complete")
    @Consumes(MediaType.WILDCARD)
    public Response completePasswordReset(String body) {
        JsonObject json = JsonBodies.object(body);
        ClientInfo client = ClientInfo.of(request);
        passwordReset.complete(
                JsonBodies.string(json, "token"), JsonBodies.string(json, "password"), client.ip(), client.userAgent());
        return Response.noContent().build();
    }

    /**
     * {@code POST /auth/step-up {method: totp|recovery, code}} or {@code {method: webauthn, credential}}: 200 {@code {step_up_until}}; 401 {@code invalid_code};
     * 429 after 5 failures in 5 minutes; 409 without a factor.
     */
    @POST
    @Path("step-up")
    @Consumes(MediaType.WILDCARD)
    public JsonObject stepUp(String body) {
        JsonObject json = JsonBodies.object(body);
        ClientInfo client = ClientInfo.of(request);
        return JSON.createObjectBuilder()
                .add(
                        "step_up_until",
                        stepUp.stepUp(session.operator(), MfaResource.proof(json), client.ip(), client.userAgent())
                                .toString())
                .build();
    }

    /**
     * {@code GET /auth/step-up}: 204 when no step-up is due (a factor proved within the window, or none held); a
     * step-up route itself, so 401 {@code step_up_required} otherwise. The UI asks it before following a step-up link
     * (the export), which the step-up modal cannot retry.
     */
    @GET
    @Path("step-up")
    public Response stepUpState() {
        session.operator();
        return Response.noContent().build();
    }

    /**
     * {@code POST /auth/step-up/options}: 200, passkey options for step-up bound to this session; 409 for a bearer
     * token or an operator without a passkey.
     */
    @POST
    @Path("step-up/options")
    @Consumes(MediaType.WILDCARD)
    public JsonObject stepUpOptions(String body) {
        JsonBodies.object(body);
        return stepUp.passkeyOptions(session.operator());
    }

    /**
     * The pending sign-in's cookie: HttpOnly, SameSite=Strict, path {@code /admin-api/auth/mfa}, Secure over https; no
     * other route reads it, so it opens nothing but {@code auth/mfa/verify}.
     */
    static NewCookie pendingCookie(HttpServletRequest request, String value, long maxAgeSeconds) {
        boolean https = request.isSecure() || "https".equalsIgnoreCase(request.getHeader("X-Forwarded-Proto"));
        return new NewCookie.Builder(PENDING_COOKIE)
                .value(value)
                .path("/admin-api/auth/mfa")
                .httpOnly(true)
                .secure(https)
                .sameSite(NewCookie.SameSite.STRICT)
                .maxAge((int) maxAgeSeconds)
                .build();
    }

    /** The pending sign-in cookie's name. */
    public static final String PENDING_COOKIE = "warden_mfa_pending";

    /**
     * The session cookie: HttpOnly, SameSite=Lax, Path=/; over https Secure and named with the {@code __Host-}
     * prefix ({@link SessionFilter#HOST_COOKIE}). An empty value with Max-Age 0 clears it.
     */
    private NewCookie sessionCookie(String value, long maxAgeSeconds) {
        return sessionCookie(request, value, maxAgeSeconds);
    }

    /** {@link #sessionCookie(String, long)} for {@code request} (also used by {@link SsoResource}). */
    static NewCookie sessionCookie(HttpServletRequest request, String value, long maxAgeSeconds) {
        boolean https = request.isSecure() || "https".equalsIgnoreCase(request.getHeader("X-Forwarded-Proto"));
        return new NewCookie.Builder(https ? SessionFilter.HOST_COOKIE : SessionFilter.COOKIE)
                .value(value)
                .path("/")
                .httpOnly(true)
                .secure(https)
                .sameSite(NewCookie.SameSite.LAX)
                .maxAge((int) Math.min(Integer.MAX_VALUE, maxAgeSeconds))
                .build();
    }
}
