package dev.warden.panel.crud;

import jakarta.json.JsonObject;
import java.util.Set;

/**
 * What {@link ResourceWrites#update} did: the row as it was (read under the {@code FOR UPDATE} lock taken for
 * {@code If-Match}) and as it is now, so the caller can audit the change ({@code update {changes}},
 * docs/admin-api.md, "Events") without reading the row again.
 *
 * @param before   the row before the update, as a read shows it
 * @param after    the row after the update (the response body)
 * @param written  false when the body had nothing to write, so no UPDATE ran (nothing to audit)
 * @param redacted columns that changed and whose values must not be audited (a user's {@code password} and
 *                 {@code email}: {@link UserAccountRules}); the audit shows them as changed
 */
public record UpdateResult(JsonObject before, JsonObject after, boolean written, Set<String> redacted) {

    /** A result with nothing redacted. */
    public UpdateResult(JsonObject before, JsonObject after, boolean written) {
        this(before, after, written, Set.of());
    }
}
