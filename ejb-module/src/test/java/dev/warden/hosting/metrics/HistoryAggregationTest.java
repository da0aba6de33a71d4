package dev.warden.hosting.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.warden.hosting.metrics.HistoryAggregation.InstanceFigures;
import dev.warden.hosting.metrics.HistoryAggregation.Point;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class HistoryAggregationTest {

    private static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");
    private static final Instant T1 = Instant.parse("2026-11-21T12:01:00Z");

    @Test
    void totalsSumCcuAndRoomsAndTakeTheBusiestCpuAndMemory() {
        assertEquals(
                new Figures(17, 3, 75.25, 40),
                Figures.total(List.of(new Figures(10, 2, 30.5, 40), new Figures(7, 1, 75.25, 20))));
    }

    @Test
    void noReportingInstanceMeansNullTotals() {
        assertNull(Figures.total(List.of()));
        assertNull(Figures.total(null));
    }

    @Test
    void eachInstanceCountsWithItsOwnPeakInTheBucket() {
        List<Point> points = HistoryAggregation.points(List.of(
                new InstanceFigures(1, T0, new Figures(5, 1, 10, 50)),
                new InstanceFigures(1, T0, new Figures(8, 1, 20, 30)),
                new InstanceFigures(2, T0, new Figures(4, 2, 60, 10)),
                new InstanceFigures(2, T1, new Figures(3, 0, 15, 12))));
        assertEquals(
                List.of(new Point(T0, new Figures(12, 3, 60, 50)), new Point(T1, new Figures(3, 0, 15, 12))), points);
    }

    @Test
    void aDayPointAddsUpDailyPeaksAndCanExceedAnySingleMoment() {
        // at 08:00 the location had 10 + 1 = 11 CCU and at 20:00 2 + 9 = 11; the day point has 10 + 9 = 19
        Instant day = Instant.parse("2026-11-18T00:00:00Z");
        List<Point> points = HistoryAggregation.points(List.of(
                new InstanceFigures(1, day, new Figures(10, 1, 20, 30)),
                new InstanceFigures(1, day, new Figures(2, 5, 70, 10)),
                new InstanceFigures(2, day, new Figures(1, 0, 10, 90)),
                new InstanceFigures(2, day, new Figures(9, 2, 5, 5))));
        assertEquals(List.of(new Point(day, new Figures(19, 7, 70, 90))), points);
    }

    @Test
    void bucketsAreInTimeOrderAndEmptyInputHasNoPoints() {
        assertEquals(
                List.of(T0, T1),
                HistoryAggregation.points(List.of(
                                new InstanceFigures(1, T1, new Figures(1, 1, 1, 1)),
                                new InstanceFigures(1, T0, new Figures(1, 1, 1, 1))))
                        .stream()
                        .map(Point::time)
                        .toList());
        assertEquals(List.of(), HistoryAggregation.points(List.of()));
    }
}
