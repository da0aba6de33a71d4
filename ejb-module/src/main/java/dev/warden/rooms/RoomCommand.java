package dev.warden.rooms;

import dev.warden.common.ApiException;
import jakarta.json.JsonValue;

/**
 * An operator's command on one live room, one record per command
 * (docs/admin-api.md, "Live rooms"; rule 4: there is no command that calls an arbitrary room method).
 * A command for a room on this node runs on the room through
 * {@link RoomCommands#run}; only a command for a room on another node is encoded as JSON, by the rooms bus's codec
 * (docs/game-api.md, "Requirements: Across nodes" rule 3). The constructors refuse missing required fields with
 * 422, as the admin routes do.
 */
public sealed interface RoomCommand {

    /** Reads the room in full: its list row plus {@code state} and {@code clients}. */
    record Read() implements RoomCommand {}

    /**
     * Kicks client {@code clientId} (its socket closes with 4001, its seat is freed); answers {@code true}.
     *
     * @param clientId the client, or null (then 404 like an unknown client)
     * @param reason   the close reason, or null for {@code kicked}
     */
    record Kick(String clientId, String reason) implements RoomCommand {}

    /** Locks the room (new joins closed with 4009); answers the room's list row. */
    record Lock() implements RoomCommand {}

    /** Unlocks the room; answers the room's list row. */
    record Unlock() implements RoomCommand {}

    /**
     * Sends {@code {"t":"msg","type","data"}} to {@code clientId}, or to every client when it is null; answers
     * {@code true}.
     *
     * @param data the message's data; null is JSON {@code null}
     * @throws ApiException 422 {@code type} missing
     */
    record Message(String type, JsonValue data, String clientId) implements RoomCommand {
        public Message {
            if (type == null) {
                throw ApiException.invalid("type", "is required");
            }
            data = data == null ? JsonValue.NULL : data;
        }
    }

    /**
     * Sets the value at JSON Pointer {@code path}; answers {@code {before, after, state}} ({@code before} null when
     * the path was absent).
     *
     * @param value the new value: JSON {@code null} is a value, Java null means it was missing
     * @throws ApiException 422 {@code path} or {@code value} missing
     */
    record SetState(String path, JsonValue value) implements RoomCommand {
        public SetState {
            if (path == null) {
                throw ApiException.invalid("path", "is required");
            }
            if (value == null) {
                throw ApiException.invalid("value", "is required");
            }
        }
    }

    /**
     * Removes the value at JSON Pointer {@code path}; answers {@code {before, state}}.
     *
     * @throws ApiException 422 {@code path} missing
     */
    record DeleteState(String path) implements RoomCommand {
        public DeleteState {
            if (path == null) {
                throw ApiException.invalid("path", "is required");
            }
        }
    }

    /**
     * Disposes of the room: every client is closed with 4004; answers {@code true}.
     *
     * @param reason the close reason, or null for {@code disposed by an operator}
     */
    record Dispose(String reason) implements RoomCommand {}

    /** Reads the room's recent-event log ({@link RoomLog#json}); audited as {@code room.log_read}. */
    record ReadLog() implements RoomCommand {}

    /**
     * Reverts an operator's state edit: when the value at {@code path} is still {@code expected} (null: absent),
     * sets it to {@code restore} (null: removes it); answers {@code {before, after, state}}.
     *
     * @param revertOf the audit entry of the edit reverted
     * @throws ApiException 422 {@code path} missing
     */
    record Revert(String path, JsonValue expected, JsonValue restore, long revertOf) implements RoomCommand {
        public Revert {
            if (path == null || path.isEmpty()) {
                throw ApiException.invalid("path", "is required");
            }
        }
    }
}
