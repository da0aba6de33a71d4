package dev.warden.panel.registry;

import dev.warden.game.AnalyticsEvent;
import dev.warden.game.CloudSave;
import dev.warden.game.Config;
import dev.warden.game.Leaderboard;
import dev.warden.game.LeaderboardEntry;
import dev.warden.panel.audit.AuditEntry;
import dev.warden.panel.users.Role;
import dev.warden.panel.users.User;
import dev.warden.panel.users.UserNote;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The built-in tables of the game database package in sidebar order: the spec's {@code db.tables}
 * (spec/admin-panel.md, Built-in resources), keyed by canonical names.
 */
public final class BuiltInTables {

    /** Canonical keys in sidebar order. */
    public static final List<String> KEYS = List.of("users", "configs", "leaderboards", "analyticsEvents",
            "cloudSaves", "leaderboardEntries", "roles", "userNotes", "adminAudit");

    private BuiltInTables() {
    }

    /** The nine built-in table specs, in sidebar order. */
    public static List<TableSpec> specs() {
        return List.of(
                new TableSpec("users", User.class, null, Set.of("password_hash"), null, Map.of()),
                TableSpec.of("configs", Config.class),
                TableSpec.of("leaderboards", Leaderboard.class),
                TableSpec.of("analyticsEvents", AnalyticsEvent.class),
                TableSpec.of("cloudSaves", CloudSave.class),
                new TableSpec("leaderboardEntries", LeaderboardEntry.class, null, Set.of(),
                        new ResourceDef.Sort("score", "desc"), Map.of()),
                TableSpec.of("roles", Role.class),
                TableSpec.of("userNotes", UserNote.class),
                new TableSpec("adminAudit", AuditEntry.class, "Audit log", Set.of(),
                        new ResourceDef.Sort("id", "desc"), Map.of("target_id", "resource")));
    }
}
