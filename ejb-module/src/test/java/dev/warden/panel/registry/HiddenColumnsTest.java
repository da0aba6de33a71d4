package dev.warden.panel.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.warden.panel.builtin.BuiltInTables;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Unit tests for {@code ResourceBuilder.hide}: hidden columns added to a table's spec before the catalog is read. */
class HiddenColumnsTest {

    @Test
    void hideAddsToTheBuiltInHiddenColumns() {
        PanelSettings settings = PanelSettings.withBuiltIns(new BuiltInTables(p -> p));
        settings.resource("users", r -> r.hide("email").hide("display_name", "email"));
        assertEquals(Set.of("password_hash", "email", "display_name"), settings.hiddenOf("users"));
    }

    @Test
    void aTableWithoutHiddenColumnsIsUnchanged() {
        PanelSettings settings = PanelSettings.withBuiltIns(new BuiltInTables(p -> p));
        settings.resource("configs", r -> r.label("Configs"));
        assertEquals(Set.of(), settings.hiddenOf("configs"));
        assertEquals(Set.of(), settings.hiddenOf("roles"));
    }

    @Test
    void blankNamesAreRefused() {
        PanelSettings settings = PanelSettings.withBuiltIns(new BuiltInTables(p -> p));
        assertThrows(IllegalArgumentException.class, () -> settings.resource("users", r -> r.hide(" ")));
    }
}
