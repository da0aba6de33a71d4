package dev.warden.web.panel;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.panel.users.UserModeration;
import dev.warden.web.ClientInfo;
import dev.warden.web.JsonBodies;
import dev.warden.web.auth.AdminSession;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

/**
 * The user-moderation routes of docs/admin-api.md, "Users" (docs/admin-api.md, "Endpoints"):
 * {@code POST /admin-api/users/:id/ban}, {@code /unban}, {@code /revoke-sessions} and
 * {@code GET /admin-api/users/:id/sessions}. Thin: each route calls one method of {@link UserModeration}, which
 * authorises, does the work and records the audit entry once the change committed.
 *
 * <p>One small root class per route, each with its exact path: a shared root path {@code users/{id}} would,
 * by the JAX-RS matching rules (the root class with the most literal characters is chosen first, with no
 * fallback), take {@code GET /admin-api/users/5} away from {@link PanelResource}.
 */
public abstract class UserModerationResource {

    @EJB
    UserModeration userModeration;

    @EJB
    dev.warden.auth.SecondFactors factors;

    @Inject
    AdminSession session;

    @Context
    HttpServletRequest request;

    /**
     * {@code POST /users/:id/ban {reason?, until?}}: 200 {@code {user, sessions_closed}}; needs update on users;
     * audited as {@code user.ban {reason, until, sessionsClosed, ip, userAgent}}.
     */
    @Path("users/{id}/ban")
    @RequestScoped
    @Produces(MediaType.APPLICATION_JSON)
    public static class Ban extends UserModerationResource {

        /** See {@link Ban}. */
        @POST
        @Consumes(MediaType.WILDCARD)
        public JsonObject ban(
                @PathParam("id") String id, @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, String body) {
            ClientInfo client = ClientInfo.of(request);
            UserModeration.Outcome outcome = userModeration.ban(
                    session.operator(),
                    id,
                    () -> {
                        JsonObject json = JsonBodies.object(contentType, body);
                        return new UserModeration.BanRequest(
                                JsonBodies.string(json, "reason"), JsonBodies.string(json, "until"));
                    },
                    client.ip(),
                    client.userAgent());
            return JSON.createObjectBuilder()
                    .add("user", outcome.user())
                    .add("sessions_closed", outcome.sessionsClosed())
                    .build();
        }
    }

    /** {@code POST /users/:id/unban}: 200 {@code {user}}; needs update on users; audited as {@code user.unban}. */
    @Path("users/{id}/unban")
    @RequestScoped
    @Produces(MediaType.APPLICATION_JSON)
    public static class Unban extends UserModerationResource {

        /** See {@link Unban}. */
        @POST
        @Consumes(MediaType.WILDCARD)
        public JsonObject unban(@PathParam("id") String id) {
            ClientInfo client = ClientInfo.of(request);
            UserModeration.Outcome outcome =
                    userModeration.unban(session.operator(), id, client.ip(), client.userAgent());
            return JSON.createObjectBuilder().add("user", outcome.user()).build();
        }
    }

    /**
     * {@code POST /users/:id/revoke-sessions}: 200 {@code {sessions_closed, token_version}}; needs update on
     * users; audited as {@code user.revoke_sessions}.
     */
    @Path("users/{id}/revoke-sessions")
    @RequestScoped
    @Produces(MediaType.APPLICATION_JSON)
    public static class RevokeSessions extends UserModerationResource {

        /** See {@link RevokeSessions}. */
        @POST
        @Consumes(MediaType.WILDCARD)
        public JsonObject revokeSessions(@PathParam("id") String id) {
            ClientInfo client = ClientInfo.of(request);
            UserModeration.Outcome outcome =
                    userModeration.revokeSessions(session.operator(), id, client.ip(), client.userAgent());
            return JSON.createObjectBuilder()
                    .add("sessions_closed", outcome.sessionsClosed())
                    .add("token_version", outcome.tokenVersion())
                    .build();
        }
    }

    /**
     * {@code GET /users/:id/sessions}: 200 array of the user's live sessions (the Active sessions tab); needs read
     * on users and the admin or mod role (403 for role user).
     */
    @Path("users/{id}/sessions")
    @RequestScoped
    @Produces(MediaType.APPLICATION_JSON)
    public static class Sessions extends UserModerationResource {

        /** See {@link Sessions}. */
        @GET
        public JsonArray sessions(@PathParam("id") String id) {
            return JSON.createArrayBuilder(userModeration.sessions(session.operator(), id))
                    .build();
        }
    }

    /**
     * {@code POST /users/:id/mfa-reset}: 200 {@code {factors_removed}}; admins only (403), not for oneself; clears the
     * user's second factors and recovery codes and ends their sessions; audited as {@code auth.mfa_reset}
     * (docs/security.md, "Second factors and step-up").
     */
    @Path("users/{id}/mfa-reset")
    @RequestScoped
    @Produces(MediaType.APPLICATION_JSON)
    public static class MfaReset extends UserModerationResource {

        /** See {@link MfaReset}. */
        @POST
        @Consumes(MediaType.WILDCARD)
        public JsonObject reset(@PathParam("id") String id) {
            ClientInfo client = ClientInfo.of(request);
            return JSON.createObjectBuilder()
                    .add("factors_removed", factors.reset(session.operator(), id, client.ip(), client.userAgent()))
                    .build();
        }
    }

    /**
     * {@code GET /users/:id/mfa}: 200 {@code {totp, passkeys, recovery_codes_left}} of that user; admins only (403).
     */
    @Path("users/{id}/mfa")
    @RequestScoped
    @Produces(MediaType.APPLICATION_JSON)
    public static class Mfa extends UserModerationResource {

        /** See {@link Mfa}. */
        @GET
        public JsonObject status(@PathParam("id") String id) {
            return factors.statusOf(session.operator(), id);
        }
    }
}
