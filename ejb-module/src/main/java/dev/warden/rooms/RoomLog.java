package dev.warden.rooms;

import static dev.warden.common.JsonSupport.JSON;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.Set;

/**
 * A room's bounded recent-event log (docs/game-api.md, "Room log"): the last {@code size} events, oldest dropped
 * first, kept in memory only and gone with the room (nothing is persisted). Kinds: {@code client_msg},
 * {@code server_msg}, {@code operator}, {@code join}, {@code leave}. The data of a message whose type is in the
 * redacted set is never kept: the entry holds {@code "[redacted]"} instead.
 */
public final class RoomLog {

    /** The text that replaces redacted data. */
    public static final String REDACTED = "[redacted]";

    private record Entry(long at, String kind, String clientId, String type, JsonValue data) {}

    private final Entry[] ring;
    private final Set<String> redacted;
    private long next;

    /**
     * @param size     entries kept (0 keeps none)
     * @param redacted message types whose data is replaced by {@value #REDACTED}
     */
    RoomLog(int size, Set<String> redacted) {
        this.ring = new Entry[Math.max(0, size)];
        this.redacted = redacted;
    }

    /** True when the data of messages of {@code type} is redacted. */
    boolean redacts(String type) {
        return type != null && redacted.contains(type);
    }

    /** Adds an event; {@code clientId}, {@code type} and {@code data} may be null. */
    synchronized void add(String kind, String clientId, String type, JsonValue data) {
        if (ring.length == 0) {
            return;
        }
        JsonValue kept = data;
        if (type != null && data != null && redacted.contains(type)) {
            kept = JSON.createValue(REDACTED);
        }
        ring[(int) (next % ring.length)] = new Entry(System.currentTimeMillis(), kind, clientId, type, kept);
        next++;
    }

    /** The entries, oldest first: {@code [{at, kind, client_id?, type?, data?}]}. */
    public synchronized JsonArray json() {
        JsonArrayBuilder out = JSON.createArrayBuilder();
        long first = Math.max(0, next - ring.length);
        for (long i = first; i < next; i++) {
            Entry e = ring[(int) (i % ring.length)];
            JsonObjectBuilder o = JSON.createObjectBuilder()
                    .add("at", Instant.ofEpochMilli(e.at()).toString())
                    .add("kind", e.kind());
            if (e.clientId() != null) {
                o.add("client_id", e.clientId());
            }
            if (e.type() != null) {
                o.add("type", e.type());
            }
            if (e.data() != null) {
                o.add("data", e.data());
            }
            out.add(o);
        }
        return out.build();
    }
}
