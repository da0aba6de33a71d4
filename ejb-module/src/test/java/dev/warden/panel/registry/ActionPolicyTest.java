package dev.warden.panel.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.panel.extension.Action;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.extension.Policy;
import dev.warden.panel.extension.Relation;
import dev.warden.panel.extension.SortOrder;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Unit tests for the extension API's value types: {@link Action}, {@link Policy}, {@link Relation}, enums. */
class ActionPolicyTest {

    @Test
    void actionsAreImmutableCopies() {
        Action base = Action.perRow("reset", "Reset score");
        Action full =
                base.roles("admin", "mod").confirm("Reset?", "Sets it to 0.").handler((row, ctx) -> 1);
        assertTrue(base.allowedRoles().isEmpty());
        assertNull(base.confirm());
        assertNull(base.handler());
        assertEquals(List.of("admin", "mod"), List.copyOf(full.allowedRoles()));
        assertEquals(new Action.Confirm("Reset?", "Sets it to 0."), full.confirm());
        assertTrue(full.perRow());
        assertFalse(Action.bulk("recount", "Recount").perRow());
        assertEquals(Set.of("admin"), full.roles("admin").allowedRoles(), "roles replace earlier ones");
        assertTrue(full.roles(new String[0]).allowedRoles().isEmpty(), "no roles lifts the restriction");
    }

    @Test
    void actionNamesAreUrlSegments() {
        assertThrows(IllegalArgumentException.class, () -> Action.perRow("reset score", "Reset"));
        assertThrows(IllegalArgumentException.class, () -> Action.perRow("a/b", "Reset"));
        assertThrows(IllegalArgumentException.class, () -> Action.bulk("ok", " "));
        assertThrows(
                IllegalArgumentException.class, () -> Action.bulk("ok", "Ok").confirm("", null));
    }

    @Test
    void policies() {
        assertEquals(Policy.Kind.ROLES, Policy.roles("admin", "mod").kind());
        assertEquals(
                List.of("admin", "mod"),
                List.copyOf(Policy.roles("admin", "mod").allowedRoles()));
        assertSame(Policy.everyone(), Policy.everyone());
        assertEquals(Policy.Kind.DENY, Policy.deny().kind());
        assertTrue(Policy.deny().allowedRoles().isEmpty());
        assertThrows(IllegalArgumentException.class, () -> Policy.roles());
        assertEquals("['admin', 'mod']", Policy.roles("admin", "mod").toString());
        assertEquals("'deny'", Policy.deny().toString());
    }

    @Test
    void enumsHaveWireNames() {
        assertEquals("desc", SortOrder.DESC.wireName());
        assertEquals("delete", Operation.DELETE.wireName());
    }

    @Test
    void relationsNeedEveryComponent() {
        assertThrows(IllegalArgumentException.class, () -> new Relation("", "users", Relation.Kind.ONE, "userId"));
        assertThrows(NullPointerException.class, () -> new Relation("player", "users", null, "userId"));
    }
}
