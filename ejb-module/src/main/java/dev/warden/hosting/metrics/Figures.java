package dev.warden.hosting.metrics;

import java.util.Collection;

/**
 * The four figures of a sample, an instance's peak or a location total (docs/hosting-api.md, "Requirements: Current metrics" and "Requirements: Metrics history").
 *
 * @param ccu           concurrent users
 * @param rooms         open rooms
 * @param cpuPercent    CPU use, percent
 * @param memoryPercent memory use, percent of the plan's {@code ram_mb}
 */
public record Figures(int ccu, int rooms, double cpuPercent, double memoryPercent) {

    /** Each figure's maximum of the two (an instance's peak over several samples). */
    public Figures peak(Figures other) {
        return new Figures(
                Math.max(ccu, other.ccu),
                Math.max(rooms, other.rooms),
                Math.max(cpuPercent, other.cpuPercent),
                Math.max(memoryPercent, other.memoryPercent));
    }

    /**
     * A location's total over the figures of its reporting instances (docs/hosting-api.md, "Requirements: Current metrics" rule 4):
     * CCU and rooms summed, CPU and memory the busiest instance's (the maximum). Null when there is none
     * (a location whose instances are all silent has null totals).
     */
    public static Figures total(Collection<Figures> instances) {
        if (instances == null || instances.isEmpty()) {
            return null;
        }
        int ccu = 0;
        int rooms = 0;
        double cpu = Double.NEGATIVE_INFINITY;
        double memory = Double.NEGATIVE_INFINITY;
        for (Figures f : instances) {
            ccu += f.ccu;
            rooms += f.rooms;
            cpu = Math.max(cpu, f.cpuPercent);
            memory = Math.max(memory, f.memoryPercent);
        }
        return new Figures(ccu, rooms, cpu, memory);
    }
}
