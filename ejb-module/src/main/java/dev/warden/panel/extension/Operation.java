package dev.warden.panel.extension;

import java.util.Locale;

/** A CRUD operation a {@link Policy} can govern (docs/admin-api.md, "Authentication" rule 5). */
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

    /** True for {@link #CREATE}, {@link #UPDATE} and {@link #DELETE}: the operations that change rows. */
    public boolean isWrite() {
        return this == CREATE || this == UPDATE || this == DELETE;
    }

    /**
     * The operation whose {@link #wireName()} is {@code wire}, if any.
     *
     * @param wire {@code list}, {@code read}, {@code create}, {@code update} or {@code delete}; may be null
     */
    public static java.util.Optional<Operation> fromWire(String wire) {
        for (Operation operation : values()) {
            if (operation.wireName().equals(wire)) {
                return java.util.Optional.of(operation);
            }
        }
        return java.util.Optional.empty();
    }

    /** The wire form, as in the catalog's {@code can} object: {@code list}, {@code read}, ... */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
