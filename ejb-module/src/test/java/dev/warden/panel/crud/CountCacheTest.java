package dev.warden.panel.crud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A node's memory of list counts ({@link CountCache}): keyed by table, WHERE text and values; off at 0 s. */
class CountCacheTest {

    private static CountCache cache(long seconds) {
        CountCache cache = new CountCache();
        cache.seconds = seconds;
        return cache;
    }

    @Test
    void anEntryIsFoundByTheSameTableWhereAndValuesOnly() {
        CountCache cache = cache(30);
        CountCache.Key key = new CountCache.Key("game_scores", " WHERE \"note\" ILIKE ?", List.of("%speed%"));
        cache.put(key, CountCache.Kind.ESTIMATED, 142_857);
        CountCache.Entry entry =
                cache.get(new CountCache.Key("game_scores", " WHERE \"note\" ILIKE ?", List.of("%speed%")));
        assertEquals(CountCache.Kind.ESTIMATED, entry.kind());
        assertEquals(142_857, entry.total());
        assertNull(cache.get(new CountCache.Key("game_scores", " WHERE \"note\" ILIKE ?", List.of("%run%"))));
        assertNull(cache.get(new CountCache.Key("game_scores", " WHERE \"season\" ILIKE ?", List.of("%speed%"))));
        assertNull(cache.get(new CountCache.Key("other", " WHERE \"note\" ILIKE ?", List.of("%speed%"))));
    }

    @Test
    void aLaterDecisionReplacesTheEntry() {
        CountCache cache = cache(30);
        CountCache.Key key = new CountCache.Key("t", "", List.of());
        cache.put(key, CountCache.Kind.ESTIMATED, 50_000);
        cache.put(key, CountCache.Kind.EXACT, 49_876);
        assertEquals(CountCache.Kind.EXACT, cache.get(key).kind());
        assertEquals(49_876, cache.get(key).total());
    }

    @Test
    void zeroSecondsKeepsNothing() {
        CountCache cache = cache(0);
        CountCache.Key key = new CountCache.Key("t", "", List.of());
        cache.put(key, CountCache.Kind.ESTIMATED, 1);
        assertNull(cache.get(key));
    }

    @Test
    void aFullCacheMakesRoomAndStillKeepsTheNewEntry() {
        CountCache cache = cache(30);
        for (int i = 0; i <= CountCache.MAX_ENTRIES; i++) {
            cache.put(new CountCache.Key("t", "", List.of(i)), CountCache.Kind.COUNT_WITH_PAGE, i);
        }
        CountCache.Key last = new CountCache.Key("t", "", List.of(CountCache.MAX_ENTRIES));
        assertEquals(CountCache.MAX_ENTRIES, cache.get(last).total());
    }
}
