package dev.warden.hosting.metrics;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * History points of one location from per-instance figures (docs/hosting-api.md, "Requirements: Metrics history":
 * "aggregated per location like the current totals. A day point adds up each instance's own peak of that day,
 * so its CCU can exceed what the location reached at any single moment"). Pure; unit-tested.
 *
 * <p>Rule: within a bucket (a minute, or a UTC day) each instance counts with its own peak (each figure's
 * maximum over its samples in the bucket); the bucket's point then sums CCU and rooms over the instances and
 * takes the busiest instance's CPU and memory (the maximum of the instance peaks). An instance without a sample
 * in the bucket does not count; a bucket where no instance reported has no point.
 */
public final class HistoryAggregation {

    /** One row of input: an instance's figures in the bucket starting at {@code bucket}. */
    public record InstanceFigures(long instanceId, Instant bucket, Figures figures) {}

    /** One output point: the bucket's start and the location's figures. */
    public record Point(Instant time, Figures figures) {}

    private HistoryAggregation() {}

    /** The location's points in time order, one per bucket with at least one instance figure. */
    public static List<Point> points(List<InstanceFigures> rows) {
        Map<Instant, Map<Long, Figures>> byBucket = new TreeMap<>();
        for (InstanceFigures row : rows) {
            byBucket.computeIfAbsent(row.bucket(), k -> new HashMap<>())
                    .merge(row.instanceId(), row.figures(), Figures::peak);
        }
        List<Point> out = new ArrayList<>(byBucket.size());
        byBucket.forEach((bucket, instances) -> out.add(new Point(bucket, Figures.total(instances.values()))));
        return out;
    }
}
