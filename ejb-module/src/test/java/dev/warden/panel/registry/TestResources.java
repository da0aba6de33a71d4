package dev.warden.panel.registry;

import java.util.List;

/** Test fixtures: {@link ResourceDef}s built through the package-private constructor, no database needed. */
public final class TestResources {

    private TestResources() {
    }

    /** A column of {@code type} with a humanized label. */
    public static ColumnDef column(String name, ColumnType type, String sqlType, boolean primaryKey) {
        return new ColumnDef(name, Names.humanize(name), type, sqlType, !primaryKey, primaryKey, primaryKey,
                null, null);
    }

    /** Like {@code users}: {@code id} integer key, {@code email}, {@code display_name}, {@code created_at}; default sort id desc. */
    public static ResourceDef users() {
        return users(new ResourceDef.Sort("id", "desc"));
    }

    /** The users fixture with another default sort. */
    public static ResourceDef users(ResourceDef.Sort defaultSort) {
        List<ColumnDef> columns = List.of(
                column("id", ColumnType.INTEGER, "int8", true),
                column("email", ColumnType.STRING, "citext", false),
                column("display_name", ColumnType.STRING, "text", false),
                column("created_at", ColumnType.DATETIME, "timestamptz", false));
        List<String> names = columns.stream().map(ColumnDef::name).toList();
        return new ResourceDef("users", "Users", AdminIcon.USER, "warden_users", Object.class, columns,
                List.of("id"), names, List.of("email", "display_name"), names, defaultSort,
                List.of(new RelationDef("cloudSaves", "Cloud Saves", "cloudSaves", RelationDef.MANY, "user_id")));
    }

    /** Like {@code leaderboardEntries}: composite key (leaderboard_id, user_id), {@code score}; default sort score desc. */
    public static ResourceDef leaderboardEntries() {
        List<ColumnDef> columns = List.of(
                column("leaderboard_id", ColumnType.INTEGER, "int8", true),
                column("user_id", ColumnType.INTEGER, "int8", true),
                column("score", ColumnType.INTEGER, "int8", false));
        List<String> names = columns.stream().map(ColumnDef::name).toList();
        return new ResourceDef("leaderboardEntries", "Leaderboard Entries", AdminIcon.TROPHY, "leaderboard_entries",
                Object.class, columns, List.of("leaderboard_id", "user_id"), names, names, names,
                new ResourceDef.Sort("score", "desc"),
                List.of(new RelationDef("leaderboard", "Leaderboard", "leaderboards", RelationDef.ONE, "leaderboard_id"),
                        new RelationDef("user", "User", "users", RelationDef.ONE, "user_id")));
    }

    /** A composite key of a string and a uuid column ({@code slot}, {@code owner}), for type conversion tests. */
    public static ResourceDef stringUuidKeyed() {
        List<ColumnDef> columns = List.of(
                column("slot", ColumnType.STRING, "text", true),
                column("owner", ColumnType.UUID_TYPE, "uuid", true),
                column("data", ColumnType.JSON, "jsonb", false));
        List<String> names = columns.stream().map(ColumnDef::name).toList();
        return new ResourceDef("slots", "Slots", AdminIcon.DATABASE, "slots", Object.class, columns,
                List.of("slot", "owner"), names, names, names, new ResourceDef.Sort("slot", "asc"), List.of());
    }

    /** A single-key resource keyed by a text column {@code key}. */
    public static ResourceDef configs() {
        List<ColumnDef> columns = List.of(
                column("key", ColumnType.STRING, "text", true),
                column("value", ColumnType.JSON, "jsonb", false));
        List<String> names = columns.stream().map(ColumnDef::name).toList();
        return new ResourceDef("configs", "Configs", AdminIcon.SETTING, "configs", Object.class, columns,
                List.of("key"), names, names, names, new ResourceDef.Sort("key", "asc"), List.of());
    }
}
