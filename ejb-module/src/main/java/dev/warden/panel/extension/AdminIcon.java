package dev.warden.panel.extension;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The panel's built-in icon set (docs/admin-api.md, "Resource definition", {@code icon}; the requirements'
 * {@code AdminIconName}). The wire name is the lower-case, dash-separated form ({@code FILE_TEXT} is
 * {@code file-text}); the UI maps each to an Ant Design icon.
 */
public enum AdminIcon {
    USER,
    TEAM,
    SAFETY,
    TROPHY,
    FILE_TEXT,
    SETTING,
    LINE_CHART,
    DATABASE,
    THUNDERBOLT,
    KEY,
    CLOUD,
    GLOBAL,
    DASHBOARD,
    DOLLAR,
    NOTIFICATION,
    LOCK,
    TAGS,
    MESSAGE,
    APPSTORE,
    CLOUD_SERVER;

    /** Wire name, e.g. {@code line-chart}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** All wire names in declaration order: the requirements' {@code ADMIN_ICON_NAMES}. */
    public static List<String> names() {
        return Arrays.stream(values()).map(AdminIcon::wireName).toList();
    }

    /**
     * Guesses an icon from a table name (docs/admin-api.md, "Resource definition": "a name ending in
     * _users gives user, ending in _scores gives trophy ... falls back to database").
     */
    public static AdminIcon guess(String table) {
        String t = table.toLowerCase(Locale.ROOT);
        if (t.endsWith("users") || t.endsWith("players") || t.endsWith("members") || t.endsWith("accounts")) {
            return t.endsWith("members") ? TEAM : USER;
        }
        if (t.endsWith("teams") || t.endsWith("groups") || t.endsWith("guilds") || t.endsWith("clans")) {
            return TEAM;
        }
        if (t.endsWith("scores")
                || t.endsWith("leaderboards")
                || t.endsWith("leaderboard_entries")
                || t.endsWith("achievements")
                || t.endsWith("rankings")) {
            return TROPHY;
        }
        if (t.endsWith("configs") || t.endsWith("settings") || t.endsWith("options")) {
            return SETTING;
        }
        if (t.endsWith("audit") || t.endsWith("roles") || t.endsWith("bans") || t.endsWith("permissions")) {
            return SAFETY;
        }
        if (t.endsWith("events")
                || t.endsWith("metrics")
                || t.endsWith("analytics")
                || t.endsWith("stats")
                || t.endsWith("samples")) {
            return LINE_CHART;
        }
        if (t.endsWith("notes")
                || t.endsWith("saves")
                || t.endsWith("posts")
                || t.endsWith("documents")
                || t.endsWith("logs")) {
            return FILE_TEXT;
        }
        if (t.endsWith("tokens") || t.endsWith("keys") || t.endsWith("secrets")) {
            return KEY;
        }
        if (t.endsWith("sessions")) {
            return LOCK;
        }
        if (t.endsWith("applications") || t.endsWith("apps")) {
            return APPSTORE;
        }
        if (t.endsWith("instances") || t.endsWith("servers")) {
            return CLOUD_SERVER;
        }
        if (t.endsWith("locations") || t.endsWith("regions")) {
            return GLOBAL;
        }
        if (t.endsWith("deploys") || t.endsWith("jobs") || t.endsWith("actions")) {
            return THUNDERBOLT;
        }
        if (t.endsWith("invoices") || t.endsWith("subscriptions") || t.endsWith("payments") || t.contains("billing")) {
            return DOLLAR;
        }
        return DATABASE;
    }
}
