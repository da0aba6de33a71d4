package dev.warden.panel.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.auth.Operator;
import dev.warden.panel.builtin.BuiltInTables;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.ColumnType;
import dev.warden.panel.registry.PanelSettings;
import dev.warden.panel.registry.ResourceAssembler;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.TableFacts;
import dev.warden.panel.registry.TableSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Unit tests for {@link AccessRules}: the role rule and the built-in audit-log policy (as BuiltInTables declares it). */
class AccessRulesTest {

    private static final Operator ADMIN = new Operator(1, "admin@example.com", Operator.ADMIN, List.of(), "s1");
    private static final Operator MOD =
            new Operator(2, "mod@example.com", Operator.MOD, List.of("users", "cloudSaves"), "s2");
    private static final Operator USER = new Operator(3, "user@example.com", Operator.USER, List.of(), "s3");

    private static final List<String> KEYS = List.of("users", "cloudSaves", "leaderboards", "roles", "userNotes");

    @Test
    void actionsAreTheFiveCrudActions() {
        assertEquals(
                List.of("list", "read", "create", "update", "delete"),
                AccessRules.ACTIONS.stream().map(Operation::wireName).toList());
    }

    // --- admin ----------------------------------------------------------------------------------------

    @Test
    void adminMayDoEverythingOnOrdinaryResources() {
        for (String key : KEYS) {
            for (Operation action : AccessRules.ACTIONS) {
                assertTrue(allows(ADMIN, action, key), action + " " + key);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"list", "read"})
    void adminMayReadTheAuditLog(String action) {
        assertTrue(allows(ADMIN, action, "adminAudit"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"create", "update", "delete"})
    void nobodyMayWriteTheAuditLog(String action) {
        assertFalse(allows(ADMIN, action, "adminAudit"), "admin");
        assertFalse(allows(MOD, action, "adminAudit"), "mod");
        assertFalse(allows(USER, action, "adminAudit"), "user");
    }

    // --- mod ------------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"users", "cloudSaves"})
    void modMayListReadAndUpdateScopedResources(String key) {
        assertTrue(allows(MOD, "list", key));
        assertTrue(allows(MOD, "read", key));
        assertTrue(allows(MOD, "update", key));
    }

    @ParameterizedTest
    @ValueSource(strings = {"users", "cloudSaves"})
    void modMayNeverCreateOrDeleteEvenInScope(String key) {
        assertFalse(allows(MOD, "create", key));
        assertFalse(allows(MOD, "delete", key));
    }

    @ParameterizedTest
    @ValueSource(strings = {"leaderboards", "userNotes", "roles", "applications"})
    void modMayDoNothingOutsideScope(String key) {
        for (Operation action : AccessRules.ACTIONS) {
            assertFalse(allows(MOD, action, key), action + " " + key);
        }
    }

    @Test
    void modScopedToRolesStillMayNotTouchRoles() {
        Operator mod = new Operator(4, "m@example.com", Operator.MOD, List.of("roles", "users"), "s4");
        for (Operation action : AccessRules.ACTIONS) {
            assertFalse(allows(mod, action, "roles"), action.wireName());
        }
        assertTrue(allows(mod, "update", "users"));
    }

    @Test
    void modScopedToAuditLogMayNotReadIt() {
        Operator mod = new Operator(5, "m@example.com", Operator.MOD, List.of("adminAudit"), "s5");
        for (Operation action : AccessRules.ACTIONS) {
            assertFalse(allows(mod, action, "adminAudit"), action.wireName());
        }
    }

    @Test
    void modWithoutScopesMayDoNothing() {
        Operator mod = new Operator(6, "m@example.com", Operator.MOD, List.of(), "s6");
        for (String key : KEYS) {
            for (Operation action : AccessRules.ACTIONS) {
                assertFalse(allows(mod, action, key), action + " " + key);
            }
        }
    }

    @Test
    void modScopeMatchesKeysExactly() {
        assertFalse(allows(MOD, "read", "Users"));
        assertFalse(allows(MOD, "read", "user"));
        assertFalse(allows(MOD, "read", "cloudsaves"));
    }

    // --- user -----------------------------------------------------------------------------------------

    @Test
    void userMayOnlyListAndRead() {
        for (String key : KEYS) {
            assertTrue(allows(USER, "list", key), "list " + key);
            assertTrue(allows(USER, "read", key), "read " + key);
            assertFalse(allows(USER, "create", key), "create " + key);
            assertFalse(allows(USER, "update", key), "update " + key);
            assertFalse(allows(USER, "delete", key), "delete " + key);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"list", "read"})
    void onlyAdminsMayReadTheAuditLog(String action) {
        assertFalse(allows(MOD, action, "adminAudit"), "mod");
        assertFalse(allows(USER, action, "adminAudit"), "user");
    }

    /** The rule for an operation given in its wire form, as the requirements write it. */
    private static boolean allows(Operator operator, String action, String key) {
        return allows(operator, Operation.fromWire(action).orElseThrow(), key);
    }

    /** {@code adminAudit} as the built-in customizer declares it; other keys by the role rule alone. */
    private static boolean allows(Operator operator, Operation action, String key) {
        return "adminAudit".equals(key)
                ? AccessRules.allows(operator, action, AUDIT)
                : AccessRules.allows(operator, action, key);
    }

    private static final ResourceDef AUDIT = auditLog();

    private static ResourceDef auditLog() {
        PanelSettings settings = PanelSettings.withBuiltIns(new BuiltInTables(p -> p));
        TableSpec spec = settings.tables().get("adminAudit");
        ColumnDef id = new ColumnDef("id", "Id", ColumnType.INTEGER, "int8", false, true, true, null, null);
        return ResourceAssembler.assemble(
                        List.of(new TableFacts(spec, "warden_admin_audit", List.of(id), List.of("id"), Map.of())),
                        settings)
                .get("adminAudit");
    }
}
