package dev.warden.panel.crud;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * This node's short-lived memory of list counts, one entry per filter (docs/admin-api.md, "Counts" rule 4): the
 * decision taken for it (count with the page, or estimate) and, for an estimate or an explicit exact count, the
 * total, so the paging that follows a first request neither plans nor counts again.
 *
 * <p>An entry is keyed by the statement's table, {@code WHERE} text and parameter values, nothing else: the
 * {@code WHERE} names only columns the caller may read (a search covers the caller's visible text columns, so two
 * operators who see different columns never share an entry), and every caller was authorised for the resource
 * before the cache is asked. A total found here is one the caller could have counted by paging. Entries live
 * {@code warden.list.count-cache-seconds} (default 30; 0 turns the cache off) and at most {@value #MAX_ENTRIES} are
 * kept; each node keeps its own.
 */
@ApplicationScoped
public class CountCache {

    /** Most entries kept; past it the expired ones go, then all (a burst of distinct filters just recounts). */
    static final int MAX_ENTRIES = 2000;

    /** How an entry's total was found. */
    public enum Kind {
        /** Cheap: count with every page (no total kept). */
        COUNT_WITH_PAGE,
        /** The planner's estimate. */
        ESTIMATED,
        /** An exact count asked for explicitly ({@code _count=exact}). */
        EXACT
    }

    /**
     * A remembered decision.
     *
     * @param kind     how the total is found
     * @param total    the total (the planner's row estimate for {@link Kind#COUNT_WITH_PAGE})
     * @param expires  {@link System#nanoTime()} after which the entry is ignored
     */
    public record Entry(Kind kind, long total, long expires) {}

    /** The key of one filter: table, WHERE text and parameter values. */
    public record Key(String table, String where, List<Object> params) {}

    @Inject
    @ConfigProperty(name = "warden.list.count-cache-seconds", defaultValue = "30")
    long seconds;

    private final Map<Key, Entry> entries = new ConcurrentHashMap<>();

    /** The live entry for {@code key}, or null. */
    public Entry get(Key key) {
        Entry entry = entries.get(key);
        if (entry == null || entry.expires() - System.nanoTime() < 0) {
            return null;
        }
        return entry;
    }

    /** Remembers {@code kind} and {@code total} for {@code key} (nothing when the cache is off). */
    public void put(Key key, Kind kind, long total) {
        if (seconds <= 0) {
            return;
        }
        if (entries.size() >= MAX_ENTRIES) {
            long now = System.nanoTime();
            entries.values().removeIf(e -> e.expires() - now < 0);
            if (entries.size() >= MAX_ENTRIES) {
                entries.clear();
            }
        }
        entries.put(key, new Entry(kind, total, System.nanoTime() + seconds * 1_000_000_000L));
    }
}
