package dev.warden.rooms.bus;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.rooms.RoomCommand;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * The JSON of a {@link RoomCommand} on the rooms bus (docs/game-api.md, "Requirements: Across nodes" rule 3): a
 * command message {@code {"k":"cmd","id","from","to","op","room","args"}} ({@link RoomBus}) carries the command as
 * {@code op} and {@code args}: {@code read {}}, {@code kick {client_id, reason}}, {@code lock {locked}} (lock and
 * unlock), {@code state_edit {path, value}}, {@code state_delete {path}}, {@code dispose {reason}},
 * {@code message {type, data, client_id}}, {@code read_log {}}, {@code state_revert {path, expected_absent, expected,
 * restore_absent, restore, revert_of}}; absent text members are JSON {@code null}. Only commands for a room on
 * another node are encoded; the owner decodes them back into the same records.
 */
final class BusCodec {

    private BusCodec() {}

    /** A command as the {@code op} and {@code args} of a bus message. */
    record Wire(String op, JsonObject args) {}

    /** The op and args of {@code command}. */
    static Wire encode(RoomCommand command) {
        JsonObjectBuilder args = JSON.createObjectBuilder();
        String op;
        if (command instanceof RoomCommand.Read) {
            op = "read";
        } else if (command instanceof RoomCommand.ReadLog) {
            op = "read_log";
        } else if (command instanceof RoomCommand.Revert revert) {
            op = "state_revert";
            args.add("path", revert.path())
                    .add("expected_absent", revert.expected() == null)
                    .add("expected", revert.expected() == null ? JsonValue.NULL : revert.expected())
                    .add("restore_absent", revert.restore() == null)
                    .add("restore", revert.restore() == null ? JsonValue.NULL : revert.restore())
                    .add("revert_of", revert.revertOf());
        } else if (command instanceof RoomCommand.Kick kick) {
            op = "kick";
            args.add("client_id", text(kick.clientId())).add("reason", text(kick.reason()));
        } else if (command instanceof RoomCommand.Lock || command instanceof RoomCommand.Unlock) {
            op = "lock";
            args.add("locked", command instanceof RoomCommand.Lock);
        } else if (command instanceof RoomCommand.SetState set) {
            op = "state_edit";
            args.add("path", set.path()).add("value", set.value());
        } else if (command instanceof RoomCommand.DeleteState delete) {
            op = "state_delete";
            args.add("path", delete.path());
        } else if (command instanceof RoomCommand.Dispose dispose) {
            op = "dispose";
            args.add("reason", text(dispose.reason()));
        } else {
            RoomCommand.Message message = (RoomCommand.Message) command; // the last of the sealed records
            op = "message";
            args.add("type", message.type()).add("data", message.data()).add("client_id", text(message.clientId()));
        }
        return new Wire(op, args.build());
    }

    /**
     * The command that {@code op} and {@code args} encode.
     *
     * @throws ApiException 400 {@code bad_request} for an unknown op, args that are not an object, or a member of
     *                      the wrong type; 422 a required member missing (as {@link RoomCommand}'s records refuse)
     */
    static RoomCommand decode(String op, JsonValue args) {
        if (!(args instanceof JsonObject a)) {
            throw ApiException.badRequest("Room command '" + op + "' without an args object");
        }
        switch (op == null ? "" : op) {
            case "read":
                return new RoomCommand.Read();
            case "read_log":
                return new RoomCommand.ReadLog();
            case "state_revert":
                return new RoomCommand.Revert(
                        text(a, "path"),
                        a.getBoolean("expected_absent", false) ? null : a.getOrDefault("expected", JsonValue.NULL),
                        a.getBoolean("restore_absent", false) ? null : a.getOrDefault("restore", JsonValue.NULL),
                        a.get("revert_of") instanceof jakarta.json.JsonNumber n ? n.longValue() : 0);
            case "kick":
                return new RoomCommand.Kick(text(a, "client_id"), text(a, "reason"));
            case "lock": {
                JsonValue.ValueType locked =
                        a.containsKey("locked") ? a.get("locked").getValueType() : JsonValue.ValueType.NULL;
                if (locked != JsonValue.ValueType.TRUE && locked != JsonValue.ValueType.FALSE) {
                    throw ApiException.badRequest("Room command 'lock' needs a boolean 'locked'");
                }
                return locked == JsonValue.ValueType.TRUE ? new RoomCommand.Lock() : new RoomCommand.Unlock();
            }
            case "state_edit":
                return new RoomCommand.SetState(text(a, "path"), a.get("value"));
            case "state_delete":
                return new RoomCommand.DeleteState(text(a, "path"));
            case "dispose":
                return new RoomCommand.Dispose(text(a, "reason"));
            case "message":
                return new RoomCommand.Message(text(a, "type"), a.get("data"), text(a, "client_id"));
            default:
                throw ApiException.badRequest("Unknown room command '" + op + "'");
        }
    }

    private static JsonValue text(String value) {
        return value == null ? JsonValue.NULL : JSON.createValue(value);
    }

    /** Member {@code name} as text: null when absent or JSON null; 400 when it is not a string. */
    private static String text(JsonObject args, String name) {
        JsonValue value = args.get(name);
        if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        if (value instanceof JsonString s) {
            return s.getString();
        }
        throw ApiException.badRequest("Room command member '" + name + "' must be a string");
    }
}
