package dev.warden.rooms.bus;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.List;
import java.util.Map;

/**
 * The answer envelopes of the rooms bus ({@link RoomBus#call}): {@code {status, body}} from the room's node, or
 * {@code {status, code, message, fields?, retry_after?}}, and their reading in the caller's transaction.
 */
public final class BusAnswers {

    private BusAnswers() {}

    /** The JSON object in a bus message's text, or null when it is none (a foreign or broken message). */
    static JsonObject parse(String text) {
        if (text == null) {
            return null;
        }
        try (JsonReader reader = JSON.createReader(new StringReader(text))) {
            return reader.readValue() instanceof JsonObject o ? o : null;
        } catch (JsonException e) {
            return null;
        }
    }

    /** A 503 {@code UNAVAILABLE} answer with {@code retry_after} seconds. */
    static JsonObject unavailable(String message, int retryAfterSeconds) {
        return JSON.createObjectBuilder()
                .add("status", ErrorCode.UNAVAILABLE.status())
                .add("code", ErrorCode.UNAVAILABLE.name())
                .add("message", message)
                .add("retry_after", retryAfterSeconds)
                .build();
    }

    /**
     * The body of a {@link RoomBus#call} answer.
     *
     * @throws ApiException the owner's error (e.g. 404 the room vanished, 422 bad path), or 503 with
     *                      {@code Retry-After} when the node did not answer
     */
    public static JsonValue body(JsonObject answer) {
        int status = answer.getInt("status", 500);
        if (status == 200) {
            return answer.getOrDefault("body", JsonValue.NULL);
        }
        ErrorCode code;
        try {
            code = ErrorCode.valueOf(answer.getString("code", ErrorCode.SERVER_ERROR.name()));
        } catch (IllegalArgumentException e) {
            code = ErrorCode.SERVER_ERROR;
        }
        Map<String, List<String>> fields = new java.util.LinkedHashMap<>();
        if (answer.get("fields") instanceof JsonObject f) {
            f.forEach((k, v) -> fields.put(
                    k,
                    v.getValueType() == JsonValue.ValueType.ARRAY
                            ? v.asJsonArray().stream()
                                    .map(x -> x instanceof JsonString s ? s.getString() : x.toString())
                                    .toList()
                            : List.of(v.toString())));
        }
        Map<String, String> headers = answer.containsKey("retry_after")
                ? Map.of("Retry-After", String.valueOf(answer.getInt("retry_after")))
                : Map.of();
        throw new ApiException(code, answer.getString("message", "The room's node failed"), fields, headers);
    }
}
