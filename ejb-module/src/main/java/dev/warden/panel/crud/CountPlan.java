package dev.warden.panel.crud;

import static dev.warden.common.JsonSupport.JSON;

import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.StringReader;

/**
 * What the planner expects of a list's bounded count ({@code SELECT count(*) FROM (SELECT 1 FROM t WHERE ... LIMIT
 * n)}), read from its {@code EXPLAIN (FORMAT JSON)}, and the rule that decides whether the count runs
 * (docs/admin-api.md, "Counts").
 *
 * @param rows the planner's estimate of the matching rows (the scan under the {@code LIMIT}, before it stops)
 * @param cost the planner's total cost of the bounded count, in its cost units (a page read in sequence is 1)
 */
public record CountPlan(long rows, double cost) {

    /**
     * Reads the plan of a bounded count: the top node's total cost and the row estimate of the node under the
     * {@code Limit} (the first node below the aggregate that is not a {@code Limit} or a subquery scan).
     *
     * @param json the single-row answer of {@code EXPLAIN (FORMAT JSON)}
     * @throws IllegalArgumentException when the text is not such a plan
     */
    public static CountPlan parse(String json) {
        try (JsonReader reader = JSON.createReader(new StringReader(json))) {
            JsonObject top = reader.readArray().getJsonObject(0).getJsonObject("Plan");
            double cost = top.getJsonNumber("Total Cost").doubleValue();
            JsonObject node = top;
            while (node.containsKey("Plans")
                    && (node == top
                            || node.getString("Node Type").equals("Limit")
                            || node.getString("Node Type").equals("Subquery Scan"))) {
                node = node.getJsonArray("Plans").getJsonObject(0);
            }
            return new CountPlan(node.getJsonNumber("Plan Rows").longValue(), cost);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Not the plan of a bounded count: " + e.getMessage(), e);
        }
    }

    /**
     * Whether the count is cheap enough to run with the page: at most {@code rowLimit} rows expected and a planned
     * cost of at most {@code costLimit} (so a count that would scan a big table for a rare match is not run either).
     */
    public boolean cheap(long rowLimit, double costLimit) {
        return rows <= rowLimit && cost <= costLimit;
    }
}
