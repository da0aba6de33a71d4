package dev.warden.panel.crud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Reading the plan of a bounded count and the rule that decides whether it runs ({@link CountPlan}). */
class CountPlanTest {

    /** PostgreSQL 15's answer for a bounded count over a filtered scan (trimmed to the keys read). */
    private static final String FILTERED =
            """
            [{"Plan": {"Node Type": "Aggregate", "Startup Cost": 2611.9, "Total Cost": 2611.91, "Plan Rows": 1,
              "Plans": [{"Node Type": "Limit", "Startup Cost": 0.0, "Total Cost": 2586.89, "Plan Rows": 10001,
                "Plans": [{"Node Type": "Seq Scan", "Relation Name": "game_scores", "Startup Cost": 0.0,
                  "Total Cost": 20834.0, "Plan Rows": 142857}]}]}}]""";

    /** A rare match found through an index: few rows, cheap. */
    private static final String RARE =
            """
            [{"Plan": {"Node Type": "Aggregate", "Total Cost": 12.5, "Plan Rows": 1,
              "Plans": [{"Node Type": "Limit", "Total Cost": 12.4, "Plan Rows": 3,
                "Plans": [{"Node Type": "Index Only Scan", "Total Cost": 12.4, "Plan Rows": 3}]}]}}]""";

    @Test
    void theRowsAreTheScansEstimateBeforeTheLimitAndTheCostTheWholeCounts() {
        CountPlan plan = CountPlan.parse(FILTERED);
        assertEquals(142_857, plan.rows());
        assertEquals(2611.91, plan.cost(), 0.001);
        CountPlan rare = CountPlan.parse(RARE);
        assertEquals(3, rare.rows());
        assertEquals(12.5, rare.cost(), 0.001);
    }

    @Test
    void aCountIsCheapOnlyWithinBothTheRowAndTheCostLimits() {
        assertTrue(new CountPlan(3, 12.5).cheap(10_000, 2000));
        assertTrue(new CountPlan(10_000, 2000).cheap(10_000, 2000));
        assertFalse(new CountPlan(10_001, 10).cheap(10_000, 2000), "too many rows");
        assertFalse(new CountPlan(5, 20_834).cheap(10_000, 2000), "a rare match found by scanning the table");
    }

    @Test
    void anythingElseIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> CountPlan.parse("[]"));
        assertThrows(IllegalArgumentException.class, () -> CountPlan.parse("{\"Plan\": 1}"));
    }
}
