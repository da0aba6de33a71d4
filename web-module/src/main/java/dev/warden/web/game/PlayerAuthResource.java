package dev.warden.web.game;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.players.PlayerAuth;
import dev.warden.players.PlayerLogin;
import dev.warden.web.ClientInfo;
import dev.warden.web.JsonBodies;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.json.JsonObject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code POST /game-api/v1/auth/login} and {@code /register} (docs/game-api.md, "Requirements: Players"): answer
 * {@code {token, token_type: "Bearer", expires_in, user}}; the token opens the room sockets.
 */
@Path("auth")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class PlayerAuthResource {

    @EJB
    PlayerAuth players;

    @Context
    HttpServletRequest request;

    /** {@code {email, password}}: 200; 401 {@code invalid_credentials}; 403 banned; 422 missing field; 429. */
    @POST
    @Path("login")
    @Consumes(MediaType.WILDCARD)
    public JsonObject login(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, String body) {
        JsonObject json = JsonBodies.object(contentType, body);
        ClientInfo client = ClientInfo.of(request);
        return answer(players.login(
                JsonBodies.string(json, "email"),
                JsonBodies.string(json, "password"),
                client.ip(),
                client.userAgent()));
    }

    /** {@code {email, password, display_name?}}: 201 a new player, signed in; 409 email taken; 422. */
    @POST
    @Path("register")
    @Consumes(MediaType.WILDCARD)
    public Response register(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, String body) {
        JsonObject json = JsonBodies.object(contentType, body);
        ClientInfo client = ClientInfo.of(request);
        return Response.status(201)
                .entity(answer(players.register(
                        JsonBodies.string(json, "email"),
                        JsonBodies.string(json, "password"),
                        JsonBodies.string(json, "display_name"),
                        client.ip(),
                        client.userAgent())))
                .build();
    }

    private static JsonObject answer(PlayerLogin login) {
        return JSON.createObjectBuilder()
                .add("token", login.token())
                .add("token_type", "Bearer")
                .add("expires_in", login.expiresIn())
                .add("user", login.user())
                .build();
    }
}
