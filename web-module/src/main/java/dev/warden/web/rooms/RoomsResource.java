package dev.warden.web.rooms;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.rooms.RoomCommand;
import dev.warden.rooms.admin.RoomAdmin;
import dev.warden.rooms.admin.RoomQuery;
import dev.warden.rooms.admin.RoomTemplates;
import dev.warden.web.ClientInfo;
import dev.warden.web.JsonBodies;
import dev.warden.web.auth.AdminSession;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
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
import java.util.Map;
import java.util.function.Supplier;

/**
 * The live rooms admin API under {@code /admin-api/rooms}
 * (docs/admin-api.md, "Live rooms"; docs/security.md, the {@code /admin-api/rooms} rows).
 * Thin: each route parses its request into a {@link RoomCommand} and calls
 * {@link RoomAdmin}, which authorises against the resource {@code rooms} (before the body is parsed, so a refused
 * caller gets 403), runs the command wherever the room lives and writes the {@code room.*} audit entry with the
 * client's {@code ip} and {@code userAgent}; this class maps the answer. The saved message templates under
 * {@code _templates} call {@link RoomTemplates} (docs/admin-api.md, "Message templates").
 */
@Path("rooms")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class RoomsResource {

    @EJB
    RoomAdmin rooms;

    @EJB
    RoomTemplates templates;

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

    /**
     * {@code {type: "<room type>", message: {type, data}}}: 200 {@code {rooms, clients, nodes_unanswered}}, the
     * message went to every room of the type on every node; audited {@code room.message}; 422 unknown room type.
     */
    @POST
    @Path("_message")
    @Consumes(MediaType.WILDCARD)
    public JsonObject messageType(@HeaderParam(HttpHeaders.CONTENT_TYPE) String type, String body) {
        ClientInfo client = ClientInfo.of(request);
        return rooms.messageType(
                session.operator(),
                () -> {
                    JsonObject json = JsonBodies.object(type, body);
                    JsonObject message = json.get("message") instanceof JsonObject m ? m : null;
                    if (message == null) {
                        throw ApiException.invalid("message", "must be an object {type, data}");
                    }
                    return Map.entry(
                            String.valueOf(JsonBodies.string(json, "type")),
                            new RoomCommand.Message(
                                    JsonBodies.string(message, "type"),
                                    message.getOrDefault("data", JsonValue.NULL),
                                    null));
                },
                client.ip(),
                client.userAgent());
    }

    /** {@code ?room_type=}: 200 the saved message templates {@code [{id, room_type, name, type, data, ...}]}. */
    @GET
    @Path("_templates")
    public JsonArray templates(@QueryParam("room_type") String roomType) {
        return JSON.createArrayBuilder(templates.list(session.operator(), roomType))
                .build();
    }

    /** {@code {room_type, name, type, data?}}: 201 the template (admins); audited {@code room.template_create}. */
    @POST
    @Path("_templates")
    @Consumes(MediaType.WILDCARD)
    public Response createTemplate(@HeaderParam(HttpHeaders.CONTENT_TYPE) String type, String body) {
        ClientInfo client = ClientInfo.of(request);
        JsonObject created = templates.create(
                session.operator(), () -> JsonBodies.object(type, body), client.ip(), client.userAgent());
        return Response.status(Response.Status.CREATED).entity(created).build();
    }

    /** {@code {name?, type?, data?}}: 200 the template (admins); audited {@code room.template_update}. */
    @PATCH
    @Path("_templates/{template}")
    @Consumes(MediaType.WILDCARD)
    public JsonObject updateTemplate(
            @PathParam("template") String id, @HeaderParam(HttpHeaders.CONTENT_TYPE) String type, String body) {
        ClientInfo client = ClientInfo.of(request);
        return templates.update(
                session.operator(), id, () -> JsonBodies.object(type, body), client.ip(), client.userAgent());
    }

    /** 200 the template as it was (admins); audited {@code room.template_delete}. */
    @DELETE
    @Path("_templates/{template}")
    public JsonObject deleteTemplate(@PathParam("template") String id) {
        ClientInfo client = ClientInfo.of(request);
        return templates.delete(session.operator(), id, client.ip(), client.userAgent());
    }

    /**
     * 200 the room's recent events {@code [{at, kind, client_id?, type?, data?}]}, oldest first; audited
     * {@code room.log_read}; 404 unknown room.
     */
    @GET
    @Path("{id}/log")
    public JsonValue log(@PathParam("id") String id) {
        return run(id, RoomCommand.ReadLog.class, RoomCommand.ReadLog::new);
    }

    /** 200 the operators' edits of the room's state {@code [{id, at, operator_id, action, path, before, after?}]}. */
    @GET
    @Path("{id}/edits")
    public JsonArray edits(@PathParam("id") String id) {
        return JSON.createArrayBuilder(rooms.edits(session.operator(), id)).build();
    }

    /** 200 the new state; 404 unknown room or edit; 409 the path changed since; audited {@code room.state_edit}. */
    @POST
    @Path("{id}/edits/{edit}/revert")
    @Consumes(MediaType.WILDCARD)
    public JsonObject revert(@PathParam("id") String id, @PathParam("edit") String edit) {
        long auditId;
        try {
            auditId = Long.parseLong(edit);
        } catch (NumberFormatException e) {
            throw ApiException.notFound("No state edit '" + edit + "'");
        }
        ClientInfo client = ClientInfo.of(request);
        return rooms.revert(session.operator(), id, auditId, client.ip(), client.userAgent())
                .asJsonObject()
                .getJsonObject("state");
    }

    /** 200 the room with {@code state} and {@code clients}; 404 unknown room; 503 another node's room. */
    @GET
    @Path("{id}")
    public JsonObject read(@PathParam("id") String id) {
        return run(id, RoomCommand.Read.class, RoomCommand.Read::new).asJsonObject();
    }

    /** {@code {client_id, reason?}}: 200 {@code {ok: true}}; the client's socket closes with 4001; audited {@code room.kick}. */
    @POST
    @Path("{id}/kick")
    @Consumes(MediaType.WILDCARD)
    public JsonObject kick(
            @PathParam("id") String id, @HeaderParam(HttpHeaders.CONTENT_TYPE) String type, String body) {
        run(id, RoomCommand.Kick.class, () -> {
            JsonObject json = JsonBodies.object(type, body);
            return new RoomCommand.Kick(JsonBodies.string(json, "client_id"), JsonBodies.string(json, "reason"));
        });
        return ok();
    }

    /** 200 the room, locked (new joins closed with 4009); audited {@code room.lock}. */
    @POST
    @Path("{id}/lock")
    @Consumes(MediaType.WILDCARD)
    public JsonObject lock(@PathParam("id") String id) {
        return run(id, RoomCommand.Lock.class, RoomCommand.Lock::new).asJsonObject();
    }

    /** 200 the room, unlocked; audited {@code room.unlock}. */
    @POST
    @Path("{id}/unlock")
    @Consumes(MediaType.WILDCARD)
    public JsonObject unlock(@PathParam("id") String id) {
        return run(id, RoomCommand.Unlock.class, RoomCommand.Unlock::new).asJsonObject();
    }

    /** {@code {path, value}}: 200 the new state; every client gets the patch; audited {@code room.state_edit {path, before, after}}. */
    @PATCH
    @Path("{id}/state")
    @Consumes(MediaType.WILDCARD)
    public JsonObject editState(
            @PathParam("id") String id, @HeaderParam(HttpHeaders.CONTENT_TYPE) String type, String body) {
        JsonValue result = run(id, RoomCommand.SetState.class, () -> {
            JsonObject json = JsonBodies.object(type, body);
            return new RoomCommand.SetState(JsonBodies.string(json, "path"), json.get("value"));
        });
        return result.asJsonObject().getJsonObject("state");
    }

    /** {@code ?path=/a/b}: 200 the new state; audited {@code room.state_delete {path, before}}. */
    @DELETE
    @Path("{id}/state")
    public JsonObject deleteState(@PathParam("id") String id, @QueryParam("path") String path) {
        JsonValue result = run(id, RoomCommand.DeleteState.class, () -> new RoomCommand.DeleteState(path));
        return result.asJsonObject().getJsonObject("state");
    }

    /** {@code {reason?}}: 200; every client is closed with 4004; audited {@code room.dispose {reason}}. */
    @POST
    @Path("{id}/dispose")
    @Consumes(MediaType.WILDCARD)
    public JsonObject dispose(
            @PathParam("id") String id, @HeaderParam(HttpHeaders.CONTENT_TYPE) String type, String body) {
        run(id, RoomCommand.Dispose.class, () -> {
            JsonObject json =
                    body == null || body.isBlank() ? JsonValue.EMPTY_JSON_OBJECT : JsonBodies.object(type, body);
            return new RoomCommand.Dispose(JsonBodies.string(json, "reason"));
        });
        return ok();
    }

    /** {@code {type, data, client_id?}}: 200; to one client or every client; audited {@code room.message}. */
    @POST
    @Path("{id}/message")
    @Consumes(MediaType.WILDCARD)
    public JsonObject message(
            @PathParam("id") String id, @HeaderParam(HttpHeaders.CONTENT_TYPE) String type, String body) {
        run(id, RoomCommand.Message.class, () -> {
            JsonObject json = JsonBodies.object(type, body);
            return new RoomCommand.Message(
                    JsonBodies.string(json, "type"),
                    json.getOrDefault("data", JsonValue.NULL),
                    JsonBodies.string(json, "client_id"));
        });
        return ok();
    }

    private <C extends RoomCommand> JsonValue run(String id, Class<C> kind, Supplier<C> command) {
        ClientInfo client = ClientInfo.of(request);
        return rooms.run(session.operator(), id, kind, command, client.ip(), client.userAgent());
    }

    private static JsonObject ok() {
        return JSON.createObjectBuilder().add("ok", true).build();
    }
}
