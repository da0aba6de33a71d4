package dev.warden.panel.live;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;

/**
 * One row event of a live list: its id in {@code warden_live_events} (the SSE event id, for
 * {@code Last-Event-ID}), the resource key, the action ({@code created}, {@code updated}, {@code deleted}) and the
 * row's {@code _id}. {@link #payload()} is its NOTIFY payload {@code <id>:<action>:<resource>:<row id>}.
 */
public record LiveEvent(long id, String resource, String action, String rowId) {

    /** The actions a live list streams. */
    public static final Set<String> ACTIONS = Set.of("created", "updated", "deleted");

    /** PostgreSQL's NOTIFY payload limit is 8,000 bytes; an event above this is not sent (a resume still finds it). */
    public static final int MAX_PAYLOAD_BYTES = 7900;

    /** The NOTIFY payload. */
    public String payload() {
        return id + ":" + action + ":" + resource + ":" + rowId;
    }

    /** True when {@link #payload()} fits a NOTIFY. */
    public boolean fitsNotify() {
        return payload().getBytes(StandardCharsets.UTF_8).length <= MAX_PAYLOAD_BYTES;
    }

    /** The event of a NOTIFY payload; empty when it is not one (resource keys have no ':'; row ids may). */
    public static Optional<LiveEvent> parse(String payload) {
        if (payload == null) {
            return Optional.empty();
        }
        String[] parts = payload.split(":", 4);
        if (parts.length != 4 || !ACTIONS.contains(parts[1]) || parts[2].isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new LiveEvent(Long.parseLong(parts[0]), parts[2], parts[1], parts[3]));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
