package dev.warden.rooms;

import static dev.warden.common.JsonSupport.JSON;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonPointer;
import jakarta.json.JsonValue;

/**
 * A room's JSON state and what clients last got; used only on the room's thread. Changes replace the immutable
 * JSON-P value; {@link #takePatch} diffs the last sent state against the current one (RFC 6902, {@code Json.createDiff}).
 */
final class RoomState {

    private JsonObject state = JsonValue.EMPTY_JSON_OBJECT;
    private JsonObject sent = JsonValue.EMPTY_JSON_OBJECT;

    JsonObject get() {
        return state;
    }

    void replace(JsonObject newState) {
        state = newState == null ? JsonValue.EMPTY_JSON_OBJECT : newState;
    }

    /** Replaces the value at {@code pointer}, or adds it when absent (its parent must exist). */
    void set(String pointer, JsonValue value) {
        JsonValue v = value == null ? JsonValue.NULL : value;
        if (pointer.isEmpty()) {
            if (!(v instanceof JsonObject object)) {
                throw new JsonException("The whole state must be a JSON object");
            }
            state = object;
            return;
        }
        JsonPointer at = Json.createPointer(pointer);
        state = at.containsValue(state) ? at.replace(state, v) : at.add(state, v);
    }

    /** Removes the value at {@code pointer}. */
    void remove(String pointer) {
        if (pointer.isEmpty()) {
            throw new JsonException("The whole state cannot be removed");
        }
        state = Json.createPointer(pointer).remove(state);
    }

    /** The {@code patch} frame of the changes since the last call, or null when nothing changed. */
    String takePatch() {
        if (state.equals(sent)) {
            return null;
        }
        JsonArray ops = Json.createDiff(sent, state).toJsonArray();
        sent = state;
        return ops.isEmpty()
                ? null
                : JSON.createObjectBuilder()
                        .add("t", "patch")
                        .add("ops", ops)
                        .build()
                        .toString();
    }

    /** A {@code msg} frame. */
    static String message(String type, JsonValue data) {
        return JSON.createObjectBuilder()
                .add("t", "msg")
                .add("type", type == null ? "" : type)
                .add("data", data == null ? JsonValue.NULL : data)
                .build()
                .toString();
    }
}
