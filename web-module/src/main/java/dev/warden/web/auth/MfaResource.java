package dev.warden.web.auth;

import dev.warden.auth.FactorChecks;
import dev.warden.auth.FactorEnrolment;
import dev.warden.auth.FactorProof;
import dev.warden.auth.LoginResult;
import dev.warden.auth.SecondFactors;
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
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The second-factor routes under {@code /admin-api/auth/mfa} (docs/security.md, "Second factors and step-up"): the
 * second step of sign-in and the operator's own factors (step-up is {@link AuthResource#stepUp}). Each calls one method of {@link SecondFactors}, {@link FactorChecks} or {@link FactorEnrolment}, which
 * checks, does the work and records the audit entry.
 */
@Path("auth/mfa")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class MfaResource {

    @EJB
    SecondFactors factors;

    @EJB
    FactorChecks checks;

    @EJB
    FactorEnrolment enrolment;

    @EJB
    UserRows users;

    @Inject
    AdminSession session;

    @Context
    HttpServletRequest request;

    /**
     * {@code POST /auth/mfa/verify {method: totp|recovery, code}} or {@code {method: webauthn, credential}} with the
     * pending sign-in cookie: 200 {@code {user}} and the session cookie (the pending cookie cleared); 401 {@code invalid_code} or {@code unauthenticated} (no
     * pending sign-in); 429 after 5 failures of that sign-in.
     */
    @POST
    @Path("verify")
    @Consumes(MediaType.WILDCARD)
    public Response verify(@CookieParam(AuthResource.PENDING_COOKIE) String pending, String body) {
        JsonObject json = JsonBodies.object(body);
        ClientInfo client = ClientInfo.of(request);
        LoginResult result = checks.verify(pending, proof(json), client.ip(), client.userAgent());
        return AuthResource.signedIn(request, users, result, Response.Status.OK);
    }

    /** The factor proof of a verify or step-up body: {@code {method, code}} or {@code {method: webauthn, credential}}. */
    static FactorProof proof(JsonObject json) {
        return new FactorProof(
                JsonBodies.string(json, "method"), JsonBodies.string(json, "code"), PasskeyResource.credential(json));
    }

    /** {@code GET /auth/mfa}: 200 {@code {totp, passkeys: [{id, name, created_at, last_used_at}], recovery_codes_left}}. */
    @GET
    public JsonObject status() {
        return factors.status(session.operator());
    }

    /** {@code POST /auth/mfa/totp}: 201 {@code {secret, otpauth_uri}}, pending until confirmed; 409 when one is enrolled. */
    @POST
    @Path("totp")
    @Consumes(MediaType.WILDCARD)
    public Response startTotp() {
        return Response.status(Response.Status.CREATED)
                .entity(enrolment.startTotp(session.operator()))
                .build();
    }

    /** {@code POST /auth/mfa/totp/confirm {code}}: 200 {@code {recovery_codes}} (shown once); 422 for a wrong code. */
    @POST
    @Path("totp/confirm")
    @Consumes(MediaType.WILDCARD)
    public JsonObject confirmTotp(String body) {
        JsonObject json = JsonBodies.object(body);
        ClientInfo client = ClientInfo.of(request);
        return enrolment.confirmTotp(
                session.operator(), JsonBodies.string(json, "code"), client.ip(), client.userAgent());
    }

    /** {@code DELETE /auth/mfa/totp}: 204 (a step-up route); 404 when none is enrolled. */
    @DELETE
    @Path("totp")
    public Response deleteTotp() {
        ClientInfo client = ClientInfo.of(request);
        enrolment.deleteTotp(session.operator(), client.ip(), client.userAgent());
        return Response.noContent().build();
    }

    /** {@code POST /auth/mfa/recovery-codes}: 200 {@code {recovery_codes}}, a new set; 409 without a factor. */
    @POST
    @Path("recovery-codes")
    @Consumes(MediaType.WILDCARD)
    public JsonObject regenerateRecoveryCodes() {
        ClientInfo client = ClientInfo.of(request);
        return enrolment.regenerateRecoveryCodes(session.operator(), client.ip(), client.userAgent());
    }
}
