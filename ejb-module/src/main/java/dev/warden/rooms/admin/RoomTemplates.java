package dev.warden.rooms.admin;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.panel.audit.AuditPayloads;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.audit.AuditTrail;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.policy.Moderation;
import dev.warden.rooms.Rooms;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Saved message templates per room type (docs/admin-api.md, "Message templates"; docs/security.md, the
 * {@code /admin-api/rooms/_templates} rows): a template names a message {@code {type, data}} an operator can pick on
 * a room's message form. Admins create, change and delete them (403 for everyone else), audited
 * {@code room.template_create|template_update|template_delete} with {@code ip} and {@code userAgent}; operators who
 * may message rooms ({@code update} on {@code rooms}) list them.
 *
 * <p>Bounds: name and message type 1 to {@value #MAX_NAME} characters, data at most {@value #MAX_DATA_BYTES} bytes
 * of JSON, at most {@value #MAX_PER_TYPE} templates per room type, one name per room type (409 when taken).
 */
@Stateless
public class RoomTemplates {

    /** Longest template name and message type, in characters. */
    public static final int MAX_NAME = 64;
    /** Most bytes of a template's data as JSON text. */
    public static final int MAX_DATA_BYTES = 4096;
    /** Most templates per room type. */
    public static final int MAX_PER_TYPE = 20;

    private static final String RESOURCE = "rooms";
    private static final Set<String> PATCHABLE = Set.of("name", "type", "data");

    @EJB
    RoomTemplateStore store;

    @EJB
    Rooms rooms;

    @EJB
    Moderation moderation;

    @Inject
    AuditTrail trail;

    /**
     * The templates of {@code roomType} (every type when null or blank), by room type and name.
     *
     * @throws ApiException 403 without {@code update} on {@code rooms}; 422 a room type longer than
     *                      {@value #MAX_NAME} characters
     */
    public List<JsonObject> list(Operator operator, String roomType) {
        moderation.authorize(operator, Operation.UPDATE, RESOURCE);
        String type = roomType == null || roomType.isBlank() ? null : roomType.strip();
        if (type != null && type.length() > MAX_NAME) {
            throw ApiException.invalid("room_type", "at most " + MAX_NAME + " characters");
        }
        return store.list(type);
    }

    /**
     * Saves a template from {@code {room_type, name, type, data?}} (read after the access check).
     *
     * @throws ApiException 400 bad body; 403 for a non-admin; 409 the name is taken in that room type; 422 an
     *                      unknown room type, a field out of bounds, or {@value #MAX_PER_TYPE} templates of the type
     */
    public JsonObject create(Operator operator, Supplier<JsonObject> body, String ip, String userAgent) {
        adminOnly(operator);
        JsonObject in = body.get();
        String roomType = text(in, "room_type");
        if (!rooms.hasType(roomType)) {
            throw ApiException.invalid("room_type", "no room type '" + roomType + "'");
        }
        String name = text(in, "name");
        String type = text(in, "type");
        JsonValue data = data(in.getOrDefault("data", JsonValue.NULL));
        RoomTemplateStore.Written written = store.create(roomType, name, type, data, operator.userId(), MAX_PER_TYPE);
        JsonObject created = done(written, roomType, name);
        record(operator, "room.template_create", created, audited(created), ip, userAgent);
        return created;
    }

    /**
     * Changes {@code name}, {@code type} or {@code data} of template {@code id}.
     *
     * @throws ApiException 400 bad body; 403 for a non-admin; 404 no such template; 409 the new name is taken; 422
     *                      an unknown field or a field out of bounds
     */
    public JsonObject update(Operator operator, String id, Supplier<JsonObject> body, String ip, String userAgent) {
        adminOnly(operator);
        long key = id(id);
        JsonObject in = body.get();
        for (String field : in.keySet()) {
            if (!PATCHABLE.contains(field)) {
                throw ApiException.invalid(field, "not a field of a template you can change (name, type, data)");
            }
        }
        String name = in.containsKey("name") ? text(in, "name") : null;
        String type = in.containsKey("type") ? text(in, "type") : null;
        JsonValue data = in.containsKey("data") ? data(in.get("data")) : null;
        JsonObject before = store.find(key).orElseThrow(() -> missing(id));
        RoomTemplateStore.Written written = store.update(key, name, type, data).orElseThrow(() -> missing(id));
        JsonObject after = done(written, before.getString("room_type"), name);
        record(
                operator,
                "room.template_update",
                after,
                AuditPayloads.changes(audited(before), audited(after)),
                ip,
                userAgent);
        return after;
    }

    /**
     * Deletes template {@code id}; answers it as it was.
     *
     * @throws ApiException 403 for a non-admin; 404 no such template
     */
    public JsonObject delete(Operator operator, String id, String ip, String userAgent) {
        adminOnly(operator);
        JsonObject deleted = store.delete(id(id)).orElseThrow(() -> missing(id));
        record(operator, "room.template_delete", deleted, audited(deleted), ip, userAgent);
        return deleted;
    }

    private static JsonObject done(RoomTemplateStore.Written written, String roomType, String name) {
        return switch (written.outcome()) {
            case DONE -> written.row();
            case NAME_TAKEN ->
                throw ApiException.conflict(
                        "A template named '" + name + "' of room type '" + roomType + "' exists already");
            case FULL ->
                throw ApiException.invalid(
                        "room_type", "at most " + MAX_PER_TYPE + " templates per room type; delete one first");
        };
    }

    private static String text(JsonObject in, String field) {
        if (!(in.get(field) instanceof JsonString s) || s.getString().isBlank()) {
            throw ApiException.invalid(field, "is required (a string)");
        }
        String value = s.getString().strip();
        if (value.length() > MAX_NAME) {
            throw ApiException.invalid(field, "at most " + MAX_NAME + " characters");
        }
        return value;
    }

    private static JsonValue data(JsonValue data) {
        if (data.toString().getBytes(StandardCharsets.UTF_8).length > MAX_DATA_BYTES) {
            throw ApiException.invalid("data", "at most " + MAX_DATA_BYTES + " bytes of JSON");
        }
        return data;
    }

    private static long id(String id) {
        try {
            return Long.parseLong(id);
        } catch (NumberFormatException e) {
            throw missing(id);
        }
    }

    private static ApiException missing(String id) {
        return ApiException.notFound("No message template '" + id + "'");
    }

    private static JsonObject audited(JsonObject template) {
        return JSON.createObjectBuilder()
                .add("room_type", template.getString("room_type"))
                .add("name", template.getString("name"))
                .add("type", template.getString("type"))
                .add("data", template.get("data"))
                .build();
    }

    private static void adminOnly(Operator operator) {
        if (!operator.isAdmin()) {
            throw ApiException.forbidden("Only admins manage message templates");
        }
    }

    /** Records the entry through the one audit path ({@link AuditTrail}), target {@code template:<id>}. */
    private void record(
            Operator operator, String action, JsonObject template, JsonObject payload, String ip, String userAgent) {
        JsonObject withClient = JSON.createObjectBuilder(payload)
                .add("ip", ip == null ? JsonValue.NULL : JSON.createValue(ip))
                .add("userAgent", userAgent == null ? JsonValue.NULL : JSON.createValue(userAgent))
                .build();
        trail.afterCommit(new AuditRecord(
                operator.userId(), action, RESOURCE, "template:" + template.getString("id"), withClient));
    }
}
