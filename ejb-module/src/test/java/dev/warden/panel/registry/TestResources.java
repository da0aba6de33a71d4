package dev.warden.panel.registry;

import dev.warden.panel.extension.AdminIcon;
import dev.warden.panel.extension.Relation;
import dev.warden.panel.extension.SortOrder;
import java.util.List;

/** Test fixtures: {@link ResourceDef}s built through {@link ResourceDef#builder}, no database needed. */
public final class TestResources {

    private TestResources() {}

    /** A column of {@code type} with a humanized label. */
    public static ColumnDef column(String name, ColumnType type, String sqlType, boolean primaryKey) {
        return new ColumnDef(
                name, Names.humanize(name), type, sqlType, !primaryKey, primaryKey, primaryKey, null, null);
    }

    /** Like {@code users}: {@code id} integer key, {@code email}, {@code display_name}, {@code created_at}; default sort id desc. */
    public static ResourceDef users() {
        return users(new ResourceDef.Sort("id", SortOrder.DESC));
    }

    /** The users fixture with another default sort. */
    public static ResourceDef users(ResourceDef.Sort defaultSort) {
        List<ColumnDef> columns = List.of(
                column("id", ColumnType.INTEGER, "int8", true),
                column("email", ColumnType.STRING, "citext", false),
                column("display_name", ColumnType.STRING, "text", false),
                column("created_at", ColumnType.DATETIME, "timestamptz", false));
        List<String> names = columns.stream().map(ColumnDef::name).toList();
        return ResourceDef.builder("users", "warden_users", Object.class)
                .label("Users")
                .icon(AdminIcon.USER)
                .columns(columns)
                .primaryKey(List.of("id"))
                .listColumns(names)
                .formFields(List.of("email", "display_name"))
                .showFields(names)
                .defaultSort(defaultSort)
                .relations(List.of(
                        new RelationDef("cloudSaves", "Cloud Saves", "cloudSaves", Relation.Kind.MANY, "user_id")))
                .build();
    }

    /** Like {@code leaderboardEntries}: composite key (leaderboard_id, user_id), {@code score}; default sort score desc. */
    public static ResourceDef leaderboardEntries() {
        List<ColumnDef> columns = List.of(
                column("leaderboard_id", ColumnType.INTEGER, "int8", true),
                column("user_id", ColumnType.INTEGER, "int8", true),
                column("score", ColumnType.INTEGER, "int8", false));
        List<String> names = columns.stream().map(ColumnDef::name).toList();
        return ResourceDef.builder("leaderboardEntries", "leaderboard_entries", Object.class)
                .label("Leaderboard Entries")
                .icon(AdminIcon.TROPHY)
                .columns(columns)
                .primaryKey(List.of("leaderboard_id", "user_id"))
                .listColumns(names)
                .formFields(names)
                .showFields(names)
                .defaultSort(new ResourceDef.Sort("score", SortOrder.DESC))
                .relations(List.of(
                        new RelationDef(
                                "leaderboard", "Leaderboard", "leaderboards", Relation.Kind.ONE, "leaderboard_id"),
                        new RelationDef("user", "User", "users", Relation.Kind.ONE, "user_id")))
                .build();
    }

    /** A composite key of a string and a uuid column ({@code slot}, {@code owner}), for type conversion tests. */
    public static ResourceDef stringUuidKeyed() {
        List<ColumnDef> columns = List.of(
                column("slot", ColumnType.STRING, "text", true),
                column("owner", ColumnType.UUID_TYPE, "uuid", true),
                column("data", ColumnType.JSON, "jsonb", false));
        List<String> names = columns.stream().map(ColumnDef::name).toList();
        return ResourceDef.builder("slots", "slots", Object.class)
                .label("Slots")
                .icon(AdminIcon.DATABASE)
                .columns(columns)
                .primaryKey(List.of("slot", "owner"))
                .listColumns(names)
                .formFields(names)
                .showFields(names)
                .defaultSort(new ResourceDef.Sort("slot", SortOrder.ASC))
                .build();
    }

    /** A single-key resource keyed by a text column {@code key}. */
    public static ResourceDef configs() {
        List<ColumnDef> columns = List.of(
                column("key", ColumnType.STRING, "text", true), column("value", ColumnType.JSON, "jsonb", false));
        List<String> names = columns.stream().map(ColumnDef::name).toList();
        return ResourceDef.builder("configs", "configs", Object.class)
                .label("Configs")
                .icon(AdminIcon.SETTING)
                .columns(columns)
                .primaryKey(List.of("key"))
                .listColumns(names)
                .formFields(names)
                .showFields(names)
                .defaultSort(new ResourceDef.Sort("key", SortOrder.ASC))
                .build();
    }
}
