package dev.warden.panel.crud;

import jakarta.json.JsonArray;

/**
 * One window of a list.
 *
 * @param rows  the rows, each with {@code _id} and {@code _labels}
 * @param total number of rows matching the request (the {@code X-Total-Count} header)
 * @param exact whether {@code total} was counted ({@code X-Total-Count-Kind: exact}) or is the planner's
 *              estimate for a match larger than the exact-count limit ({@code estimated})
 */
public record Page(JsonArray rows, long total, boolean exact) {}
