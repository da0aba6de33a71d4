package dev.warden.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link Role}, {@link Operator#fromGrants} and {@link Passwords#iterationsOf}. */
class RolesTest {

    @Test
    void rolesHaveLowerCaseWireNames() {
        assertEquals("admin", Role.ADMIN.wire());
        assertEquals(Optional.of(Role.MOD), Role.fromWire(" MOD "));
        assertEquals(Optional.empty(), Role.fromWire("superuser"));
        assertEquals(Optional.empty(), Role.fromWire(null));
    }

    @Test
    void anAdminRowWinsModRowsScopeAUserRowIsRoleUser() {
        Operator admin = Operator.fromGrants(
                1, "a", List.of(new RoleGrant(Role.MOD, "users"), new RoleGrant(Role.ADMIN, null)), "s");
        assertEquals(Role.ADMIN, admin.role());
        assertEquals(List.of(), admin.scopes());
        Operator mod = Operator.fromGrants(
                2,
                "m",
                List.of(
                        new RoleGrant(Role.MOD, "users"),
                        new RoleGrant(Role.MOD, "configs"),
                        new RoleGrant(Role.USER, null)),
                "s");
        assertEquals(Role.MOD, mod.role());
        assertEquals(List.of("configs", "users"), mod.scopes());
        Operator user = Operator.fromGrants(3, "u", List.of(new RoleGrant(Role.USER, null)), "s");
        assertEquals(Role.USER, user.role());
        assertFalse(user.isOperator());
        assertTrue(mod.isOperator());
    }

    @Test
    void iterationsAreReadFromTheStoredHash() {
        assertEquals(210000, Passwords.iterationsOf("PBKDF2WithHmacSHA256:210000:c2FsdA==:aGFzaA=="));
        assertEquals(0, Passwords.iterationsOf("garbage"));
        assertEquals(0, Passwords.iterationsOf(null));
        assertEquals(0, Passwords.iterationsOf("PBKDF2WithHmacSHA256:x:c2FsdA==:aGFzaA=="));
    }
}
