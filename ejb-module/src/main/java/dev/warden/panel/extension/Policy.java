package dev.warden.panel.extension;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/**
 * A per-operation access policy (docs/admin-api.md, "Authentication" rules 5 and 6): a list of roles,
 * {@code 'everyone'} or {@code 'deny'}. A policy set for an operation replaces the standard role rule for
 * that operation on that resource. Immutable.
 */
public final class Policy {

    /** What a policy allows. */
    public enum Kind {
        /** Only identities with one of {@link Policy#allowedRoles()}. */
        ROLES,
        /** Any signed-in identity, role user included (anonymous requests still get 401). */
        EVERYONE,
        /** Nobody, admins included. */
        DENY
    }

    private static final Policy EVERYONE = new Policy(Kind.EVERYONE, Set.of());
    private static final Policy DENY = new Policy(Kind.DENY, Set.of());

    private final Kind kind;
    private final Set<String> roles;

    private Policy(Kind kind, Set<String> roles) {
        this.kind = kind;
        this.roles = roles;
    }

    /**
     * Only these roles ({@code admin}, {@code mod}; {@code ["admin", "mod"]} means any mod regardless of
     * scope). Checked literally: admin is not implied.
     *
     * @throws IllegalArgumentException when no role is given or one is blank; use {@link #deny()} for nobody
     */
    public static Policy roles(String... roles) {
        if (roles == null || roles.length == 0) {
            throw new IllegalArgumentException("Policy.roles needs at least one role (use Policy.deny() for nobody)");
        }
        Set<String> set = new LinkedHashSet<>();
        for (String role : roles) {
            if (role == null || role.isBlank()) {
                throw new IllegalArgumentException("Policy.roles: blank role in " + Arrays.toString(roles));
            }
            set.add(role.strip());
        }
        return new Policy(Kind.ROLES, java.util.Collections.unmodifiableSet(set));
    }

    /** {@code 'everyone'}: any signed-in identity. */
    public static Policy everyone() {
        return EVERYONE;
    }

    /** {@code 'deny'}: blocked for everyone, admins included. */
    public static Policy deny() {
        return DENY;
    }

    /** The policy's kind. */
    public Kind kind() {
        return kind;
    }

    /**
     * The allowed roles in the given order, for {@link Kind#ROLES}; empty otherwise. (Not {@code roles()}:
     * that would read as the factory {@link #roles(String...)} called with no role.)
     */
    public Set<String> allowedRoles() {
        return roles;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Policy p && p.kind == kind && p.roles.equals(roles);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, roles);
    }

    /** {@code ['admin', 'mod']}, {@code 'everyone'} or {@code 'deny'}, as the spec writes them. */
    @Override
    public String toString() {
        return switch (kind) {
            case EVERYONE -> "'everyone'";
            case DENY -> "'deny'";
            case ROLES -> roles.stream().map(r -> "'" + r + "'").toList().toString();
        };
    }
}
