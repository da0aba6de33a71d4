package dev.warden.panel.extension;

import java.util.Locale;

/** A CRUD operation a {@link Policy} can govern (spec/admin-panel.md, Authentication, rule 5). */
public enum Operation {
    /** {@code GET /admin-api/:resource}. */
    LIST,
    /** {@code GET /admin-api/:resource/:id} (and its counts and relation rows). */
    READ,
    /** {@code POST /admin-api/:resource}. */
    CREATE,
    /** {@code PATCH} or {@code PUT /admin-api/:resource/:id}. */
    UPDATE,
    /** {@code DELETE /admin-api/:resource/:id}. */
    DELETE;

    /** The wire form, as in the catalog's {@code can} object: {@code list}, {@code read}, ... */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
