package dev.warden.panel.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.panel.extension.Relation;
import dev.warden.panel.registry.RelationDef;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.TestResources;
import jakarta.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** {@link ChunkLanes}: a chunk's lanes (docs/decisions/job-chunk-lanes.md). */
class ChunkLanesTest {

    private static final ResourceDef USERS = TestResources.users();

    private static List<JobStore.Item> rows(long from, long to) {
        return LongStream.range(from, to)
                .mapToObj(seq -> new JobStore.Item(seq, "row-" + seq, null))
                .toList();
    }

    @Test
    void everyItemLandsInExactlyOneLaneInTheChunksOrder() {
        List<JobStore.Item> chunk = rows(1, 101);
        List<List<JobStore.Item>> lanes = ChunkLanes.split(chunk, 2, "update", USERS);
        assertEquals(2, lanes.size());
        assertEquals(100, lanes.get(0).size() + lanes.get(1).size());
        assertTrue(
                lanes.get(0).size() > 20 && lanes.get(1).size() > 20,
                "both lanes get work: " + lanes.get(0).size());
        for (List<JobStore.Item> lane : lanes) {
            for (int i = 1; i < lane.size(); i++) {
                assertTrue(lane.get(i - 1).seq() < lane.get(i).seq(), "in order");
            }
        }
    }

    @Test
    void itemsNamingTheSameRowShareALane() {
        List<JobStore.Item> chunk = new ArrayList<>();
        for (long seq = 1; seq <= 40; seq++) {
            chunk.add(new JobStore.Item(seq, "row-" + (seq % 7), null));
        }
        List<List<JobStore.Item>> lanes = ChunkLanes.split(chunk, 3, "revert", USERS);
        for (int a = 0; a < lanes.size(); a++) {
            for (int b = a + 1; b < lanes.size(); b++) {
                for (JobStore.Item x : lanes.get(a)) {
                    for (JobStore.Item y : lanes.get(b)) {
                        assertTrue(!x.rowId().equals(y.rowId()), x.rowId() + " in two lanes");
                    }
                }
            }
        }
    }

    @Test
    void importRecordsGoByTheirKeyAndWithoutOneBySequence() {
        List<JobStore.Item> chunk = List.of(
                new JobStore.Item(
                        1, null, Json.createObjectBuilder().add("id", 42).build()),
                new JobStore.Item(
                        2, null, Json.createObjectBuilder().add("email", "a@x").build()),
                new JobStore.Item(
                        3, null, Json.createObjectBuilder().add("id", 42).build()),
                new JobStore.Item(
                        5, null, Json.createObjectBuilder().add("email", "b@x").build()));
        List<List<JobStore.Item>> lanes = ChunkLanes.split(chunk, 2, "import", USERS);
        List<JobStore.Item> withKey = lanes.stream()
                .filter(lane -> lane.stream().anyMatch(i -> i.seq() == 1))
                .findFirst()
                .orElseThrow();
        assertTrue(withKey.stream().anyMatch(i -> i.seq() == 3), "the same key twice: one lane, in order");
        assertTrue(lanes.get(0).stream().anyMatch(i -> i.seq() == 2), "no key: sequence 2 in lane 0");
        assertTrue(lanes.get(1).stream().anyMatch(i -> i.seq() == 5), "no key: sequence 5 in lane 1");
    }

    @Test
    void actionsAndResourcesReferringToThemselvesKeepOneLane() {
        assertEquals(2, ChunkLanes.lanes("update", USERS, 2));
        assertEquals(1, ChunkLanes.lanes("action", USERS, 2));
        assertEquals(1, ChunkLanes.lanes("import", USERS, 1));
        ResourceDef referring = ResourceDef.builder("users", "users", Object.class)
                .columns(USERS.columns())
                .primaryKey(USERS.primaryKey())
                .relations(List.of(new RelationDef("referrer", "Referrer", "users", Relation.Kind.ONE, "referrer_id")))
                .build();
        assertEquals(1, ChunkLanes.lanes("import", referring, 2));
    }
}
