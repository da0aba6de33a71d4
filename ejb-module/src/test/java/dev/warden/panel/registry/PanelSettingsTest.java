package dev.warden.panel.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.panel.builtin.BuiltInTables;
import dev.warden.panel.extension.Action;
import dev.warden.panel.extension.AdminIcon;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.extension.Policy;
import dev.warden.panel.extension.SortOrder;
import jakarta.persistence.Table;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link PanelSettings}: key rules of the requirements' {@code tables} and {@code resources} options. */
class PanelSettingsTest {

    @Table(name = "game_scores")
    static class Score {}

    @Table(name = "game_scores")
    static class SameTable {}

    @Table(name = "warden_users")
    static class UsersAgain {}

    static class NoTable {}

    private static PanelSettings withBuiltIns() {
        return PanelSettings.withBuiltIns(new BuiltInTables(p -> p));
    }

    @Test
    void builtInTablesComeFirstThenCustomOnesInRegistrationOrder() {
        PanelSettings settings = withBuiltIns();
        settings.origin("GamePanel");
        settings.table("scores", Score.class);
        List<String> keys = List.copyOf(settings.tables().keySet());
        assertEquals(BuiltInTables.KEYS, keys.subList(0, 9));
        assertEquals("scores", keys.get(9));
        assertEquals("built-in", settings.originOf("users"));
        assertEquals("GamePanel", settings.originOf("scores"));
    }

    @Test
    void aTableKeyCollidingWithABuiltInKeyIsAClearError() {
        PanelSettings settings = withBuiltIns();
        settings.origin("GamePanel");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> settings.table("users", Score.class));
        assertEquals(
                "Panel table key 'users' (GamePanel) is already registered (a built-in table); choose another key",
                e.getMessage());
    }

    @Test
    void aTableKeyRegisteredTwiceNamesTheFirstRegistrant() {
        PanelSettings settings = withBuiltIns();
        settings.origin("A");
        settings.table("scores", Score.class);
        settings.origin("B");
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> settings.table("scores", Score.class));
        assertTrue(e.getMessage().contains("already registered (by A)"), e.getMessage());
    }

    @Test
    void oneTableCannotBeExposedUnderTwoKeys() {
        PanelSettings settings = withBuiltIns();
        settings.table("scores", Score.class);
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> settings.table("scores2", SameTable.class));
        assertTrue(e.getMessage().contains("table game_scores is already exposed as 'scores'"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> settings.table("people", UsersAgain.class));
    }

    @Test
    void malformedReservedAndTablelessRegistrationsFail() {
        PanelSettings settings = withBuiltIns();
        assertThrows(IllegalArgumentException.class, () -> settings.table("high scores", Score.class));
        assertThrows(IllegalArgumentException.class, () -> settings.table("1scores", Score.class));
        assertThrows(IllegalArgumentException.class, () -> settings.table("auth", Score.class));
        assertThrows(IllegalStateException.class, () -> settings.table("plain", NoTable.class));
        assertEquals(9, settings.tables().size(), "nothing registered by failed calls");
    }

    @Test
    void aResourcesEntryAloneIsStoredButUnlisted() {
        PanelSettings settings = withBuiltIns();
        settings.resource("ghost", r -> r.label("Ghost"));
        settings.resource("users", r -> r.relationLabel("cloudSaves", "Saves"));
        assertEquals(List.of("ghost"), settings.unlistedKeys());
        assertEquals("Ghost", settings.resources().get("ghost").label());
    }

    @Test
    void repeatedResourceCallsAddToOneDefinition() {
        PanelSettings settings = withBuiltIns();
        settings.table("scores", Score.class)
                .resource("scores", r -> r.label("First").list(l -> l.columns("id")))
                .resource("scores", r -> r.label("High scores").policy(Operation.DELETE, Policy.roles("admin")));
        ResourceSettings scores = settings.resources().get("scores");
        assertEquals("High scores", scores.label());
        assertEquals(List.of("id"), scores.listColumns());
        assertEquals(Policy.roles("admin"), scores.policies().get(Operation.DELETE));
    }

    @Test
    void theBuilderKeepsEverySettingAsGiven() {
        PanelSettings settings = withBuiltIns();
        settings.resource("scores", r -> r.label("High scores")
                .icon(AdminIcon.TROPHY)
                .list(l -> l.columns("id", "userId").defaultSort("score", SortOrder.DESC))
                .form(f -> f.fields("score"))
                .show(s -> s.fields("id", "score"))
                .column("user_id", c -> c.label("Player").linkTo("users"))
                .column("target", c -> c.linkToResourceFromColumn("kind"))
                .relationLabel("user", "Player")
                .create(c -> c.defaults(ctx -> null))
                .action(Action.perRow("reset", "Reset")));
        ResourceSettings s = settings.resources().get("scores");
        assertEquals(AdminIcon.TROPHY, s.icon());
        assertEquals(List.of("id", "userId"), s.listColumns());
        assertEquals("score", s.sortColumn());
        assertEquals(SortOrder.DESC, s.sortOrder());
        assertEquals(List.of("score"), s.formFields());
        assertEquals(List.of("id", "score"), s.showFields());
        assertEquals("Player", s.columns().get("user_id").label());
        assertEquals("users", s.columns().get("user_id").linkTo());
        assertEquals("kind", s.columns().get("target").linkFromColumn());
        assertEquals("Player", s.relationLabels().get("user"));
        assertEquals(1, s.actions().size());
        assertThrows(
                IllegalArgumentException.class,
                () -> settings.resource("scores", r -> r.action(Action.bulk("reset", "Again"))),
                "action names are unique per resource");
        assertThrows(IllegalArgumentException.class, () -> settings.resource("scores", r -> r.label(" ")));
    }
}
