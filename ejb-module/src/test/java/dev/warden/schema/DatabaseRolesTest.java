package dev.warden.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The superuser warning (docs/operations.md, "Database roles"). */
class DatabaseRolesTest {

    @Test
    void aSuperuserOutsideTheDemoGetsOneLineNamingTheFix() {
        String line = DatabaseRoles.superuserWarning("postgres", true, false).orElseThrow();
        assertTrue(line.contains("\"postgres\""), line);
        assertTrue(line.contains("WARDEN_DB_USER") && line.contains("docs/db-roles.sql"), line);
        assertTrue(line.contains("Database roles"), line);
        assertEquals(-1, line.indexOf('\n'), "one line");
    }

    @Test
    void noWarningForOtherRolesOrInTheDemo() {
        assertEquals(Optional.empty(), DatabaseRoles.superuserWarning("warden_app", false, false));
        assertEquals(Optional.empty(), DatabaseRoles.superuserWarning("postgres", true, true));
    }
}
