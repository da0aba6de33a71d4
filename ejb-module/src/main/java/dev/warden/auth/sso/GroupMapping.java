package dev.warden.auth.sso;

import dev.warden.auth.Role;
import dev.warden.auth.RoleGrant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The mapping from provider groups to Warden roles ({@code warden.sso.role-mapping}).
 *
 * <p>Syntax: entries separated by {@code ;}, each {@code group=role} or {@code group=mod:scope,scope}, e.g.
 * {@code warden-admins=admin;support=mod:users,userNotes;auditors=user}. Group names are compared exactly (case
 * matters, as providers send them); a group may appear in several entries. Pure, no I/O.
 */
public final class GroupMapping {

    private final Map<String, List<RoleGrant>> grants;

    private GroupMapping(Map<String, List<RoleGrant>> grants) {
        this.grants = grants;
    }

    /**
     * Parses {@code text} (null or blank: an empty mapping).
     *
     * @throws IllegalArgumentException naming the first bad entry (no {@code =}, an unknown role, a mod without
     *                                  scopes, an admin or user with scopes)
     */
    public static GroupMapping parse(String text) {
        Map<String, List<RoleGrant>> map = new LinkedHashMap<>();
        if (text != null) {
            for (String raw : text.split(";")) {
                String entry = raw.strip();
                if (entry.isEmpty()) {
                    continue;
                }
                int eq = entry.lastIndexOf('=');
                if (eq <= 0 || eq == entry.length() - 1) {
                    throw new IllegalArgumentException("warden.sso.role-mapping: '" + entry + "' is not group=role");
                }
                String group = entry.substring(0, eq).strip();
                map.computeIfAbsent(group, g -> new ArrayList<>())
                        .addAll(grants(entry, entry.substring(eq + 1).strip()));
            }
        }
        return new GroupMapping(map);
    }

    private static List<RoleGrant> grants(String entry, String value) {
        int colon = value.indexOf(':');
        String roleName = colon < 0 ? value : value.substring(0, colon).strip();
        Role role = Role.fromWire(roleName)
                .orElseThrow(
                        () -> new IllegalArgumentException("warden.sso.role-mapping: unknown role in '" + entry + "'"));
        List<String> scopes = new ArrayList<>();
        if (colon >= 0) {
            for (String s : value.substring(colon + 1).split(",")) {
                if (!s.isBlank()) {
                    scopes.add(s.strip());
                }
            }
        }
        if (role == Role.MOD && scopes.isEmpty()) {
            throw new IllegalArgumentException("warden.sso.role-mapping: mod needs scopes in '" + entry + "'");
        }
        if (role != Role.MOD && !scopes.isEmpty()) {
            throw new IllegalArgumentException("warden.sso.role-mapping: only mod takes scopes in '" + entry + "'");
        }
        return role == Role.MOD
                ? scopes.stream().map(s -> new RoleGrant(Role.MOD, s)).toList()
                : List.of(new RoleGrant(role, null));
    }

    /**
     * The grants of a user in {@code groups}: the union of every mapped group's grants, or {@code fallback} (the
     * default role) when none maps; empty when nothing maps and there is no fallback.
     */
    public Set<RoleGrant> grantsFor(Collection<String> groups, Optional<Role> fallback) {
        Set<RoleGrant> out = new LinkedHashSet<>();
        for (String group : groups) {
            out.addAll(grants.getOrDefault(group, List.of()));
        }
        if (out.isEmpty()) {
            fallback.ifPresent(role -> out.add(new RoleGrant(role, null)));
        }
        return out;
    }

    /** True when no group is mapped. */
    public boolean isEmpty() {
        return grants.isEmpty();
    }
}
