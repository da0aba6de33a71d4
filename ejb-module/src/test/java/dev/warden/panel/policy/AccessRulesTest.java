package dev.warden.panel.policy;

import dev.warden.auth.Operator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Unit tests for {@link AccessRules}: the role rule and the built-in audit-log policy. */
class AccessRulesTest {

    private static final Operator ADMIN = new Operator(1, "admin@example.com", Operator.ADMIN, List.of(), "s1");
    private static final Operator MOD = new Operator(2, "mod@example.com", Operator.MOD,
            List.of("users", "cloudSaves"), "s2");
    private static final Operator USER = new Operator(3, "user@example.com", Operator.USER, List.of(), "s3");

    private static final List<String> KEYS = List.of("users", "cloudSaves", "leaderboards", "roles", "userNotes");

    @Test
    void actionsAreTheFiveCrudActions() {
        assertEquals(List.of("list", "read", "create", "update", "delete"), AccessRules.ACTIONS);
    }

    // --- admin ----------------------------------------------------------------------------------------

    @Test
    void adminMayDoEverythingOnOrdinaryResources() {
        for (String key : KEYS) {
            for (String action : AccessRules.ACTIONS) {
                assertTrue(AccessRules.allows(ADMIN, action, key), action + " " + key);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"list", "read"})
    void adminMayReadTheAuditLog(String action) {
        assertTrue(AccessRules.allows(ADMIN, action, "adminAudit"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"create", "update", "delete"})
    void nobodyMayWriteTheAuditLog(String action) {
        assertFalse(AccessRules.allows(ADMIN, action, "adminAudit"), "admin");
        assertFalse(AccessRules.allows(MOD, action, "adminAudit"), "mod");
        assertFalse(AccessRules.allows(USER, action, "adminAudit"), "user");
    }

    // --- mod ------------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"users", "cloudSaves"})
    void modMayListReadAndUpdateScopedResources(String key) {
        assertTrue(AccessRules.allows(MOD, "list", key));
        assertTrue(AccessRules.allows(MOD, "read", key));
        assertTrue(AccessRules.allows(MOD, "update", key));
    }

    @ParameterizedTest
    @ValueSource(strings = {"users", "cloudSaves"})
    void modMayNeverCreateOrDeleteEvenInScope(String key) {
        assertFalse(AccessRules.allows(MOD, "create", key));
        assertFalse(AccessRules.allows(MOD, "delete", key));
    }

    @ParameterizedTest
    @ValueSource(strings = {"leaderboards", "userNotes", "roles", "applications"})
    void modMayDoNothingOutsideScope(String key) {
        for (String action : AccessRules.ACTIONS) {
            assertFalse(AccessRules.allows(MOD, action, key), action + " " + key);
        }
    }

    @Test
    void modScopedToRolesStillMayNotTouchRoles() {
        Operator mod = new Operator(4, "m@example.com", Operator.MOD, List.of("roles", "users"), "s4");
        for (String action : AccessRules.ACTIONS) {
            assertFalse(AccessRules.allows(mod, action, "roles"), action);
        }
        assertTrue(AccessRules.allows(mod, "update", "users"));
    }

    @Test
    void modScopedToAuditLogMayNotReadIt() {
        Operator mod = new Operator(5, "m@example.com", Operator.MOD, List.of("adminAudit"), "s5");
        for (String action : AccessRules.ACTIONS) {
            assertFalse(AccessRules.allows(mod, action, "adminAudit"), action);
        }
    }

    @Test
    void modWithoutScopesMayDoNothing() {
        Operator mod = new Operator(6, "m@example.com", Operator.MOD, List.of(), "s6");
        for (String key : KEYS) {
            for (String action : AccessRules.ACTIONS) {
                assertFalse(AccessRules.allows(mod, action, key), action + " " + key);
            }
        }
    }

    @Test
    void modScopeMatchesKeysExactly() {
        assertFalse(AccessRules.allows(MOD, "read", "Users"));
        assertFalse(AccessRules.allows(MOD, "read", "user"));
        assertFalse(AccessRules.allows(MOD, "read", "cloudsaves"));
    }

    // --- user -----------------------------------------------------------------------------------------

    @Test
    void userMayOnlyListAndRead() {
        for (String key : KEYS) {
            assertTrue(AccessRules.allows(USER, "list", key), "list " + key);
            assertTrue(AccessRules.allows(USER, "read", key), "read " + key);
            assertFalse(AccessRules.allows(USER, "create", key), "create " + key);
            assertFalse(AccessRules.allows(USER, "update", key), "update " + key);
            assertFalse(AccessRules.allows(USER, "delete", key), "delete " + key);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"list", "read"})
    void onlyAdminsMayReadTheAuditLog(String action) {
        assertFalse(AccessRules.allows(MOD, action, "adminAudit"), "mod");
        assertFalse(AccessRules.allows(USER, action, "adminAudit"), "user");
    }
}
