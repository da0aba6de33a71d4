package dev.warden.panel.registry;

import dev.warden.panel.builtin.BuiltInTables;
import dev.warden.panel.extension.AdminIcon;
import dev.warden.panel.extension.Relation;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Fixtures for the write tests: resources shaped like the built-in tables, with nullability and defaults
 * as in the migrations, built through the package-private constructor (no database needed).
 */
public final class WriteFixtures {

    private WriteFixtures() {}

    /** A column; {@code nullable}, {@code hasDefault} and {@code primaryKey} as given. */
    public static ColumnDef col(String name, String sqlType, boolean nullable, boolean hasDefault, boolean primaryKey) {
        return new ColumnDef(
                name,
                Names.humanize(name),
                ColumnType.fromPostgres(sqlType),
                sqlType,
                nullable,
                hasDefault,
                primaryKey,
                null,
                null);
    }

    private static ResourceDef resource(
            String key, String table, List<String> primaryKey, List<RelationDef> relations, ColumnDef... columns) {
        List<ColumnDef> list = Arrays.asList(columns);
        List<String> names = list.stream().map(ColumnDef::name).toList();
        return ResourceDef.builder(key, table, Object.class)
                .label(Names.humanize(key))
                .icon(AdminIcon.DATABASE)
                .columns(list)
                .primaryKey(primaryKey)
                .relations(relations)
                .build();
    }

    /**
     * A built-in table assembled with the real built-in customizer ({@link BuiltInTables}, passwords "hashed"
     * as {@code hashed:<password>}), on the given catalog facts; no relations (one table only).
     */
    private static ResourceDef builtIn(
            String key, List<String> primaryKey, Map<String, ColumnDef> hidden, ColumnDef... columns) {
        PanelSettings settings = PanelSettings.withBuiltIns(new BuiltInTables(p -> "hashed:" + p));
        TableSpec spec = settings.tables().get(key);
        TableFacts facts = new TableFacts(
                spec, EntityColumns.tableOf(spec.entityClass()), Arrays.asList(columns), primaryKey, Map.of(), hidden);
        return ResourceAssembler.assemble(List.of(facts), settings).get(key);
    }

    /** warden_users as the built-in customizer declares it: password_hash hidden, written through "password". */
    public static ResourceDef users() {
        return builtIn(
                "users",
                List.of("id"),
                Map.of("password_hash", col("password_hash", "text", true, false, false)),
                col("id", "int8", false, true, true),
                col("email", "text", false, false, false),
                col("display_name", "text", true, false, false),
                col("ban", "jsonb", true, false, false),
                col("token_version", "int4", false, true, false),
                col("last_login_at", "timestamptz", true, false, false),
                col("created_at", "timestamptz", false, true, false));
    }

    /** warden_user_notes as the built-in customizer declares it: author_id from the operator. */
    public static ResourceDef userNotes() {
        return builtIn(
                "userNotes",
                List.of("id"),
                Map.of(),
                col("id", "int8", false, true, true),
                col("user_id", "int8", false, false, false),
                col("author_id", "int8", true, false, false),
                col("body", "text", false, false, false));
    }

    /** warden_leaderboards: name unique, sort_order checked. */
    public static ResourceDef leaderboards() {
        return resource(
                "leaderboards",
                "warden_leaderboards",
                List.of("id"),
                List.of(),
                col("id", "int8", false, true, true),
                col("name", "text", false, false, false),
                col("sort_order", "text", false, true, false),
                col("reset_period", "text", true, false, false));
    }

    /** warden_cloud_saves: user_id links to users; unique (user_id, slot). */
    public static ResourceDef cloudSaves() {
        return resource(
                "cloudSaves",
                "warden_cloud_saves",
                List.of("id"),
                List.of(new RelationDef("user", "User", "users", Relation.Kind.ONE, "user_id")),
                col("id", "int8", false, true, true),
                col("user_id", "int8", false, false, false),
                col("slot", "text", false, false, false),
                col("data", "jsonb", false, true, false));
    }

    /** warden_leaderboard_entries: composite key (leaderboard_id, user_id). */
    public static ResourceDef leaderboardEntries() {
        return resource(
                "leaderboardEntries",
                "warden_leaderboard_entries",
                List.of("leaderboard_id", "user_id"),
                List.of(
                        new RelationDef(
                                "leaderboard", "Leaderboard", "leaderboards", Relation.Kind.ONE, "leaderboard_id"),
                        new RelationDef("user", "User", "users", Relation.Kind.ONE, "user_id")),
                col("leaderboard_id", "int8", false, false, true),
                col("user_id", "int8", false, false, true),
                col("score", "int8", false, true, false),
                col("metadata", "jsonb", true, false, false));
    }

    /** One nullable column of every type, for conversion tests. */
    public static ResourceDef kinds() {
        return resource(
                "kinds",
                "kinds",
                List.of("id"),
                List.of(),
                col("id", "int8", false, true, true),
                col("small", "int2", true, false, false),
                col("medium", "int4", true, false, false),
                col("amount", "numeric", true, false, false),
                col("flag", "bool", true, false, false),
                col("label", "text", true, false, false),
                col("uid", "uuid", true, false, false),
                col("at", "timestamptz", true, false, false),
                col("local_at", "timestamp", true, false, false),
                col("day", "date", true, false, false),
                col("doc", "jsonb", true, false, false),
                col("plain_doc", "json", true, false, false),
                col("tags", "_text", true, false, false));
    }
}
