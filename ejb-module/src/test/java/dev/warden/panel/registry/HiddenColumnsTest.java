package dev.warden.panel.registry;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Unit tests for {@code ResourceBuilder.hide}: hidden columns added to a table's spec before the catalog is read. */
class HiddenColumnsTest {

    @Test
    void hideAddsToTheBuiltInHiddenColumns() {
        PanelSettings settings = PanelSettings.withBuiltIns(BuiltInTables.specs());
        settings.resource("users", r -> r.hide("email").hide("display_name", "email"));
        TableSpec users = ResourceRegistry.withHidden(settings.tables().get("users"), settings);
        assertEquals(Set.of("password_hash", "email", "display_name"), users.hidden());
        assertEquals(settings.tables().get("users").entityClass(), users.entityClass());
    }

    @Test
    void aTableWithoutHiddenColumnsIsUnchanged() {
        PanelSettings settings = PanelSettings.withBuiltIns(BuiltInTables.specs());
        settings.resource("configs", r -> r.label("Configs"));
        TableSpec configs = settings.tables().get("configs");
        assertSame(configs, ResourceRegistry.withHidden(configs, settings));
        assertSame(settings.tables().get("roles"), ResourceRegistry.withHidden(settings.tables().get("roles"), settings));
    }

    @Test
    void blankNamesAreRefused() {
        PanelSettings settings = PanelSettings.withBuiltIns(BuiltInTables.specs());
        assertThrows(IllegalArgumentException.class, () -> settings.resource("users", r -> r.hide(" ")));
    }
}
