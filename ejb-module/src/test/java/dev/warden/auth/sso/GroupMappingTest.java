package dev.warden.auth.sso;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.auth.Role;
import dev.warden.auth.RoleGrant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GroupMappingTest {

    private final GroupMapping mapping =
            GroupMapping.parse("warden-admins=admin; support=mod:users, userNotes;auditors=user");

    @Test
    void mapsGroupsToTheirGrants() {
        assertEquals(
                Set.of(new RoleGrant(Role.ADMIN, null)), mapping.grantsFor(List.of("warden-admins"), Optional.empty()));
        assertEquals(
                Set.of(new RoleGrant(Role.MOD, "users"), new RoleGrant(Role.MOD, "userNotes")),
                mapping.grantsFor(List.of("support", "other"), Optional.empty()));
        assertEquals(Set.of(new RoleGrant(Role.USER, null)), mapping.grantsFor(List.of("auditors"), Optional.empty()));
    }

    @Test
    void unmappedGroupsGiveTheDefaultOrNothing() {
        assertTrue(
                mapping.grantsFor(List.of("Warden-Admins", "x"), Optional.empty())
                        .isEmpty(),
                "exact names");
        assertEquals(Set.of(new RoleGrant(Role.USER, null)), mapping.grantsFor(List.of(), Optional.of(Role.USER)));
    }

    @Test
    void badEntriesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> GroupMapping.parse("admins"));
        assertThrows(IllegalArgumentException.class, () -> GroupMapping.parse("a=root"));
        assertThrows(IllegalArgumentException.class, () -> GroupMapping.parse("a=mod"));
        assertThrows(IllegalArgumentException.class, () -> GroupMapping.parse("a=admin:users"));
        assertTrue(GroupMapping.parse(" ; ").isEmpty());
    }

    @Test
    void groupsAreReadFromArraysStringsAndNestedClaims() {
        assertEquals(List.of("a", "b"), SsoClaims.groups(Map.of("groups", List.of("a", "b")), "groups"));
        assertEquals(List.of("a", "b"), SsoClaims.groups(Map.of("groups", "a, b"), "groups"));
        assertEquals(
                List.of("x"),
                SsoClaims.groups(Map.of("realm_access", Map.of("roles", List.of("x"))), "realm_access.roles"));
        assertEquals(List.of(), SsoClaims.groups(Map.of(), "groups"));
    }
}
