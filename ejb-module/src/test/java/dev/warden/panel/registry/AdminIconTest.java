package dev.warden.panel.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.panel.extension.AdminIcon;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Unit tests for {@link AdminIcon}: wire names and the icon guessed from a table name. */
class AdminIconTest {

    @Test
    void namesContainTheSpecsCommonIcons() {
        List<String> names = AdminIcon.names();
        for (String name : List.of(
                "user", "team", "safety", "trophy", "file-text", "setting", "line-chart", "database", "thunderbolt")) {
            assertTrue(names.contains(name), name + " missing from " + names);
        }
    }

    @Test
    void namesAreOnePerIconInDeclarationOrderAndUnique() {
        List<String> names = AdminIcon.names();
        assertEquals(AdminIcon.values().length, names.size());
        assertEquals(names.size(), new HashSet<>(names).size());
        for (int i = 0; i < names.size(); i++) {
            assertEquals(AdminIcon.values()[i].wireName(), names.get(i));
        }
    }

    @Test
    void namesAreLowerCaseDashSeparated() {
        for (String name : AdminIcon.names()) {
            assertTrue(name.matches("[a-z]+(-[a-z]+)*"), name);
        }
    }

    @Test
    void namesListIsImmutable() {
        assertThrows(
                UnsupportedOperationException.class, () -> AdminIcon.names().add("rocket"));
    }

    @ParameterizedTest
    @CsvSource({
        "FILE_TEXT, file-text",
        "LINE_CHART, line-chart",
        "CLOUD_SERVER, cloud-server",
        "USER, user",
        "THUNDERBOLT, thunderbolt"
    })
    void wireName(AdminIcon icon, String wire) {
        assertEquals(wire, icon.wireName());
    }

    @ParameterizedTest(name = "guess({0}) = {1}")
    @CsvSource({
        "warden_users, USER",
        "players, USER",
        "game_accounts, USER",
        "WARDEN_USERS, USER",
        "team_members, TEAM",
        "warden_teams, TEAM",
        "guilds, TEAM",
        "x_scores, TROPHY",
        "leaderboards, TROPHY",
        "leaderboard_entries, TROPHY",
        "achievements, TROPHY",
        "configs, SETTING",
        "user_settings, SETTING",
        "warden_admin_audit, SAFETY",
        "warden_roles, SAFETY",
        "bans, SAFETY",
        "analytics_events, LINE_CHART",
        "server_metrics, LINE_CHART",
        "player_stats, LINE_CHART",
        "warden_user_notes, FILE_TEXT",
        "cloud_saves, FILE_TEXT",
        "audit_logs, FILE_TEXT",
        "api_tokens, KEY",
        "warden_sessions, LOCK",
        "applications, APPSTORE",
        "instances, CLOUD_SERVER",
        "locations, GLOBAL",
        "deploys, THUNDERBOLT",
        "jobs, THUNDERBOLT",
        "invoices, DOLLAR",
        "billing_addresses, DOLLAR",
        "widgets, DATABASE",
        "inventory, DATABASE",
        "user, DATABASE",
        "'', DATABASE"
    })
    void guess(String table, AdminIcon icon) {
        assertSame(icon, AdminIcon.guess(table));
    }
}
