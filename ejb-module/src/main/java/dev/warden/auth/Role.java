package dev.warden.auth;

import java.util.Locale;
import java.util.Optional;

/**
 * The panel roles of docs/admin-api.md, "Authentication" (rules 3 to 5), as stored in {@code warden_roles.role}
 * and sent on the wire ({@code GET /admin-api/auth/me}, the catalog's {@code operator.role}) in lower case.
 *
 * <ul>
 *   <li>{@link #ADMIN}: full CRUD on every resource;</li>
 *   <li>{@link #MOD}: list, read and update on the resource keys assigned as scope (one row per key);</li>
 *   <li>{@link #USER}: list and read through the API, 403 on the panel UI.</li>
 * </ul>
 */
public enum Role {
    /** {@code admin}. */
    ADMIN,
    /** {@code mod}: scoped to resource keys. */
    MOD,
    /** {@code user}: signed in, no panel rights beyond list and read. */
    USER;

    /** The lower-case name used in {@code warden_roles.role}, policies and JSON ({@code admin}, {@code mod}, {@code user}). */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The role named {@code value} (case-insensitive, surrounding blanks ignored); empty for anything else. */
    public static Optional<Role> fromWire(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String name = value.strip().toUpperCase(Locale.ROOT);
        for (Role role : values()) {
            if (role.name().equals(name)) {
                return Optional.of(role);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return wire();
    }
}
