package dev.warden.simulator;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The infrastructure provider's traffic figures: generated for any server id (the same numbers for the
 * same server and past day; the current day grows with the time of day), or fixed by a test with
 * {@code PUT /control/infrastructure/servers/{id}/traffic}.
 */
@ApplicationScoped
public class Traffic {

    private final Map<String, JsonArray> fixed = new ConcurrentHashMap<>();

    public void fix(String serverId, JsonArray days) {
        fixed.put(serverId, days);
    }

    public void unfix(String serverId) {
        fixed.remove(serverId);
    }

    /** {@code [{date, outgoing_bytes, incoming_bytes}]} from {@code from} to {@code to} (inclusive; future days left out). */
    public JsonArray days(String serverId, LocalDate from, LocalDate to) {
        JsonArrayBuilder out = Json.createArrayBuilder();
        JsonArray fixedDays = fixed.get(serverId);
        if (fixedDays != null) {
            for (JsonValue v : fixedDays) {
                LocalDate date = LocalDate.parse(((JsonObject) v).getString("date"));
                if (!date.isBefore(from) && !date.isAfter(to)) {
                    out.add(v);
                }
            }
            return out.build();
        }
        Instant now = Instant.now();
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        for (LocalDate d = from; !d.isAfter(to) && !d.isAfter(today); d = d.plusDays(1)) {
            long seed = mix(serverId.hashCode() * 31L + d.toEpochDay()) & Long.MAX_VALUE;
            long out1 = 2_000_000_000L + (seed % 6_000_000_000L);
            long in1 = out1 / 6 + (seed % 300_000_000L);
            if (d.equals(today)) {
                double share = (now.getEpochSecond() % 86_400) / 86_400.0;
                out1 = (long) (out1 * share);
                in1 = (long) (in1 * share);
            }
            out.add(Json.createObjectBuilder()
                    .add("date", d.toString())
                    .add("outgoing_bytes", out1)
                    .add("incoming_bytes", in1));
        }
        return out.build();
    }

    /** A 64-bit finalizer (MurmurHash3's), so neighbouring days get unrelated figures. */
    static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }
}
