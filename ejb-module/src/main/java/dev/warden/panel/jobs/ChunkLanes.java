package dev.warden.panel.jobs;

import dev.warden.panel.registry.ResourceDef;
import java.util.ArrayList;
import java.util.List;

/**
 * How a job's chunk is split into lanes that are applied side by side, each in a transaction of its own
 * (docs/admin-api.md, "Jobs" rule 4; docs/decisions/job-chunk-lanes.md). The items naming the same row are always in
 * the same lane, in the chunk's order, so a row changed twice by one job (an import naming a key twice) is changed in
 * the file's order; an item naming no row yet (an import record without its key) goes by its sequence number.
 */
final class ChunkLanes {

    private ChunkLanes() {}

    /**
     * How many lanes a job's chunks are split into: {@code writers} (at least 1) for an update, delete, import or
     * revert; 1 for an action job (its handlers run in the items' order) and for a resource with a relation to itself
     * (an imported row may refer to a row of the same file, which must be there first).
     */
    static int lanes(String kind, ResourceDef resource, int writers) {
        if (writers <= 1 || kind.equals("action") || resource == null) {
            return 1;
        }
        boolean toItself = resource.relations().stream()
                .anyMatch(r -> r.isOne() && r.target().equals(resource.key()));
        return toItself ? 1 : writers;
    }

    /**
     * The items of {@code chunk} in {@code lanes} lists (some may be empty), each in the chunk's order; an item's lane
     * follows from the row it names: its {@code row_id}, or for an import the {@code _id} its primary key values make.
     */
    static List<List<JobStore.Item>> split(List<JobStore.Item> chunk, int lanes, String kind, ResourceDef resource) {
        List<List<JobStore.Item>> split = new ArrayList<>(lanes);
        for (int i = 0; i < lanes; i++) {
            split.add(new ArrayList<>());
        }
        for (JobStore.Item item : chunk) {
            split.get(lane(item, lanes, kind, resource)).add(item);
        }
        return split;
    }

    private static int lane(JobStore.Item item, int lanes, String kind, ResourceDef resource) {
        String row = item.rowId();
        if (row == null && kind.equals("import") && item.data() != null) {
            row = JobRowWork.id(resource, item.data());
        }
        return row == null ? (int) Math.floorMod(item.seq(), (long) lanes) : Math.floorMod(row.hashCode(), lanes);
    }
}
