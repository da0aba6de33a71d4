package dev.warden.web.rooms;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.panel.audit.AuditFailures;
import dev.warden.panel.audit.AuditLog;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.extension.Operation;
import dev.warden.rooms.RoomAdmin;
import dev.warden.rooms.RoomQuery;
import dev.warden.web.ClientInfo;
import dev.warden.web.JsonBodies;
import dev.warden.web.auth.AdminSession;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * The live rooms admin API under {@code /admin-api/rooms} (docs/security.md, the {@code /admin-api/rooms} rows). The
 * service ({@link RoomAdmin}) checks every route against the resource {@code rooms} like any panel resource (a
 * policy on {@code rooms} replaces the standard role rule, under which role user is refused; mods need the
 * {@code rooms} scope): list and {@code _nodes} need {@code list}, read needs {@code read}; kick, lock, unlock, state
 * edit and delete and message need {@code update}; dispose needs {@code delete}. Every
 * mutation is audited with {@code resource = rooms}, {@code target_id} = the room id and the action's fields plus
 * {@code ip} and {@code userAgent} (docs/admin-api.md, "Events"); an audit-write failure is logged, never thrown.
 */
@Path("rooms")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class RoomsResource {

    private static final String KEY = "rooms";

    @EJB
    RoomAdmin rooms;

    @EJB
    AuditLog audit;

    @Inject
    AuditFailures failures;

    @Inject
    AdminSession session;

    @Context
    HttpServletRequest request;

    @Context
    UriInfo uri;

    /** 200 rows {@code {id, type, node, clients, max_clients, locked, created_at}} with {@code X-Total-Count}; 422 bad parameter. */
    @GET
    public Response list() {
        RoomQuery.Result result = rooms.list(session.operator(), uri.getQueryParameters());
        return Response.ok(JSON.createArrayBuilder(result.rows()).build())
                .header("X-Total-Count", result.total())
                .header("X-Total-Count-Kind", "exact")
                .build();
    }

    /** 200 {@code [{node, rooms, clients, heap_used_mb, rss_mb, cpu_percent, started_at, heartbeat}]}. */
    @GET
    @Path("_nodes")
    public JsonArray nodes() {
        return JSON.createArrayBuilder(rooms.nodes(session.operator())).build();
    }

    /** 200 the room with {@code state} and {@code clients}; 404 unknown room; 503 another node's room. */
    @GET
    @Path("{id}")
    public JsonObject read(@PathParam("id") String id) {
        return rooms.read(session.operator(), id);
    }

    /** {@code {client_id, reason?}}: 200 {@code {ok: true}}; the client's socket closes with 4001; audited {@code room.kick}. */
    @POST
    @Path("{id}/kick")
    @Consumes(MediaType.WILDCARD)
    public JsonObject kick(
            @PathParam("id") String id, @HeaderParam(HttpHeaders.CONTENT_TYPE) String type, String body) {
        Operator operator = session.operator();
        rooms.authorize(operator, Operation.UPDATE);
        JsonObject json = JsonBodies.object(type, body);
        String clientId = JsonBodies.string(json, "client_id");
        String reason = JsonBodies.string(json, "reason");
        rooms.kick(operator, id, clientId, reason);
        record(
                operator,
                "room.kick",
                id,
                JSON.createObjectBuilder()
                        .add("client_id", clientId)
                        .add("reason", reason == null ? JsonValue.NULL : JSON.createValue(reason)));
        return ok();
    }

    /** 200 the room, locked (new joins closed with 4009); audited {@code room.lock}. */
    @POST
    @Path("{id}/lock")
    @Consumes(MediaType.WILDCARD)
    public JsonObject lock(@PathParam("id") String id) {
        Operator operator = session.operator();
        JsonObject room = rooms.lock(operator, id, true);
        record(operator, "room.lock", id, JSON.createObjectBuilder());
        return room;
    }

    /** 200 the room, unlocked; audited {@code room.unlock}. */
    @POST
    @Path("{id}/unlock")
    @Consumes(MediaType.WILDCARD)
    public JsonObject unlock(@PathParam("id") String id) {
        Operator operator = session.operator();
        JsonObject room = rooms.lock(operator, id, false);
        record(operator, "room.unlock", id, JSON.createObjectBuilder());
        return room;
    }

    /** {@code {path, value}}: 200 the new state; every client gets the patch; audited {@code room.state_edit {path, before, after}}. */
    @PATCH
    @Path("{id}/state")
    @Consumes(MediaType.WILDCARD)
    public JsonObject editState(
            @PathParam("id") String id, @HeaderParam(HttpHeaders.CONTENT_TYPE) String type, String body) {
        Operator operator = session.operator();
        rooms.authorize(operator, Operation.UPDATE);
        JsonObject json = JsonBodies.object(type, body);
        String path = JsonBodies.string(json, "path");
        if (path == null) {
            throw dev.warden.common.ApiException.invalid("path", "is required");
        }
        if (!json.containsKey("value")) {
            throw dev.warden.common.ApiException.invalid("value", "is required");
        }
        JsonObject result = rooms.editState(operator, id, path, json.get("value"));
        record(
                operator,
                "room.state_edit",
                id,
                JSON.createObjectBuilder()
                        .add("path", path)
                        .add("before", result.get("before"))
                        .add("after", result.get("after")));
        return result.getJsonObject("state");
    }

    /** {@code ?path=/a/b}: 200 the new state; audited {@code room.state_delete {path, before}}. */
    @DELETE
    @Path("{id}/state")
    public JsonObject deleteState(@PathParam("id") String id, @QueryParam("path") String path) {
        Operator operator = session.operator();
        rooms.authorize(operator, Operation.UPDATE);
        if (path == null) {
            throw dev.warden.common.ApiException.invalid("path", "is required");
        }
        JsonObject result = rooms.deleteState(operator, id, path);
        record(
                operator,
                "room.state_delete",
                id,
                JSON.createObjectBuilder().add("path", path).add("before", result.get("before")));
        return result.getJsonObject("state");
    }

    /** {@code {reason?}}: 200; every client is closed with 4004; audited {@code room.dispose {reason}}. */
    @POST
    @Path("{id}/dispose")
    @Consumes(MediaType.WILDCARD)
    public JsonObject dispose(
            @PathParam("id") String id, @HeaderParam(HttpHeaders.CONTENT_TYPE) String type, String body) {
        Operator operator = session.operator();
        rooms.authorize(operator, Operation.DELETE);
        JsonObject json = body == null || body.isBlank() ? JsonValue.EMPTY_JSON_OBJECT : JsonBodies.object(type, body);
        String reason = JsonBodies.string(json, "reason");
        rooms.dispose(operator, id, reason);
        record(
                operator,
                "room.dispose",
                id,
                JSON.createObjectBuilder().add("reason", reason == null ? JsonValue.NULL : JSON.createValue(reason)));
        return ok();
    }

    /** {@code {type, data, client_id?}}: 200; to one client or every client; audited {@code room.message}. */
    @POST
    @Path("{id}/message")
    @Consumes(MediaType.WILDCARD)
    public JsonObject message(
            @PathParam("id") String id, @HeaderParam(HttpHeaders.CONTENT_TYPE) String type, String body) {
        Operator operator = session.operator();
        rooms.authorize(operator, Operation.UPDATE);
        JsonObject json = JsonBodies.object(type, body);
        String msgType = JsonBodies.string(json, "type");
        if (msgType == null) {
            throw dev.warden.common.ApiException.invalid("type", "is required");
        }
        String clientId = JsonBodies.string(json, "client_id");
        JsonValue data = json.getOrDefault("data", JsonValue.NULL);
        rooms.message(operator, id, msgType, data, clientId);
        record(
                operator,
                "room.message",
                id,
                JSON.createObjectBuilder()
                        .add("type", msgType)
                        .add("data", data)
                        .add("client_id", clientId == null ? JsonValue.NULL : JSON.createValue(clientId)));
        return ok();
    }

    private static JsonObject ok() {
        return JSON.createObjectBuilder().add("ok", true).build();
    }

    private void record(Operator operator, String action, String roomId, JsonObjectBuilder payload) {
        ClientInfo client = ClientInfo.of(request);
        payload.add("ip", client.ip() == null ? JsonValue.NULL : JSON.createValue(client.ip()))
                .add("userAgent", client.userAgent() == null ? JsonValue.NULL : JSON.createValue(client.userAgent()));
        AuditRecord entry = new AuditRecord(operator.userId(), action, KEY, roomId, payload.build());
        try {
            audit.record(entry);
        } catch (RuntimeException e) {
            failures.failed(entry, e);
        }
    }
}
