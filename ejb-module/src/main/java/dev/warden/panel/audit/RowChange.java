package dev.warden.panel.audit;

import java.util.Set;

/**
 * A row event for the live lists, carried beside an audit entry ({@link Audited}): {@code created},
 * {@code updated} or {@code deleted} on row {@code rowId} of {@code resource}. Published once the mutation committed
 * by {@code dev.warden.panel.live.LivePublisher} (docs/decisions/audit-after-commit-through-one-event.md).
 *
 * @param resource the canonical resource key
 * @param action   {@code created}, {@code updated} or {@code deleted}
 * @param rowId    the row's {@code _id}
 */
public record RowChange(String resource, String action, String rowId) {

    /** The actions a live list streams. */
    public static final Set<String> ACTIONS = Set.of("created", "updated", "deleted");

    /** @throws IllegalArgumentException for an action outside {@link #ACTIONS} or a missing resource or row id */
    public RowChange {
        if (!ACTIONS.contains(action) || resource == null || rowId == null) {
            throw new IllegalArgumentException("Not a row change: " + action + " " + resource + " " + rowId);
        }
    }
}
