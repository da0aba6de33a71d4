package dev.warden.web.auth;

import dev.warden.auth.FactorChecks;
import dev.warden.auth.LoginResult;
import dev.warden.auth.PasskeySignIn;
import dev.warden.auth.Passkeys;
import dev.warden.panel.users.UserRows;
import dev.warden.web.ClientInfo;
import dev.warden.web.JsonBodies;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The passkey routes under {@code /admin-api/auth/mfa/webauthn} (docs/security.md, "Passkeys"): registration, rename
 * and removal of the operator's own passkeys, the passkey challenge of a pending sign-in's second step, and the
 * passwordless sign-in. Byte fields travel as base64url; a credential is the browser's {@code PublicKeyCredential} as
 * JSON. Each route calls one method of {@link Passkeys}, {@link FactorChecks} or {@link PasskeySignIn}.
 */
@Path("auth/mfa/webauthn")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class PasskeyResource {

    @EJB
    Passkeys passkeys;

    @EJB
    FactorChecks checks;

    @EJB
    PasskeySignIn signIn;

    @EJB
    UserRows users;

    @Inject
    AdminSession session;

    @Context
    HttpServletRequest request;

    /** {@code POST /auth/mfa/webauthn/options}: 200, the registration options; 409 for a bearer token or 20 passkeys. */
    @POST
    @Path("options")
    @Consumes(MediaType.WILDCARD)
    public JsonObject registrationOptions(String body) {
        JsonBodies.object(body);
        return passkeys.registrationOptions(session.operator());
    }

    /**
     * {@code POST /auth/mfa/webauthn {name, credential}}: 201 {@code {id, name}} (and {@code recovery_codes} for a
     * first factor); 409 without a live challenge or for a passkey registered already; 422 for a bad name or answer.
     */
    @POST
    @Consumes(MediaType.WILDCARD)
    public Response register(String body) {
        JsonObject json = JsonBodies.object(body);
        ClientInfo client = ClientInfo.of(request);
        return Response.status(Response.Status.CREATED)
                .entity(passkeys.register(
                        session.operator(),
                        JsonBodies.string(json, "name"),
                        credential(json),
                        client.ip(),
                        client.userAgent()))
                .build();
    }

    /** {@code PATCH /auth/mfa/webauthn/:id {name}}: 200 {@code {id, name}}; 404 for another's passkey; 422. */
    @PATCH
    @Path("{id}")
    @Consumes(MediaType.WILDCARD)
    public JsonObject rename(@PathParam("id") String id, String body) {
        return passkeys.rename(session.operator(), id, JsonBodies.string(JsonBodies.object(body), "name"));
    }

    /** {@code DELETE /auth/mfa/webauthn/:id}: 204 (a step-up route); 404 for another's passkey. */
    @DELETE
    @Path("{id}")
    public Response remove(@PathParam("id") String id) {
        ClientInfo client = ClientInfo.of(request);
        passkeys.remove(session.operator(), id, client.ip(), client.userAgent());
        return Response.noContent().build();
    }

    /**
     * {@code POST /auth/mfa/webauthn/verify-options} with the pending sign-in cookie (public): 200, the assertion
     * options of the sign-in's second step; 401 without a live pending sign-in; 409 when its user holds no passkey.
     */
    @POST
    @Path("verify-options")
    @Consumes(MediaType.WILDCARD)
    public JsonObject verifyOptions(@CookieParam(AuthResource.PENDING_COOKIE) String pending, String body) {
        JsonBodies.object(body);
        return checks.passkeyOptions(pending);
    }

    /**
     * {@code POST /auth/mfa/webauthn/login-options} (public): 200, the options of a passwordless sign-in, and the
     * cookie its challenge is bound to (the pending sign-in cookie's name and path); 403 in SSO-only mode; 429 past
     * 30 starts a minute from one address.
     */
    @POST
    @Path("login-options")
    @Consumes(MediaType.WILDCARD)
    public Response loginOptions(String body) {
        JsonBodies.object(body);
        PasskeySignIn.Started started = signIn.start(ClientInfo.of(request).ip());
        return Response.ok(started.options())
                .cookie(AuthResource.pendingCookie(
                        request,
                        started.cookieValue(),
                        PasskeySignIn.cookieLifetime().toSeconds()))
                .build();
    }

    /**
     * {@code POST /auth/mfa/webauthn/login {credential}} (public): 200 {@code {user}} and the session cookie; 401
     * {@code unauthenticated} without a live challenge, {@code invalid_credentials} for a passkey that does not sign
     * in; 403 banned or SSO-only; 422; 429 past the sign-in limits.
     */
    @POST
    @Path("login")
    @Consumes(MediaType.WILDCARD)
    public Response login(@CookieParam(AuthResource.PENDING_COOKIE) String cookie, String body) {
        ClientInfo client = ClientInfo.of(request);
        LoginResult result =
                signIn.finish(cookie, credential(JsonBodies.object(body)), client.ip(), client.userAgent());
        return AuthResource.signedIn(request, users, result, Response.Status.OK);
    }

    /** The {@code credential} member of a body, or null when it is absent or not an object. */
    static JsonObject credential(JsonObject json) {
        return json.get("credential") instanceof JsonObject credential ? credential : null;
    }
}
