package dev.warden.panel.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.panel.builtin.BuiltInTables;
import dev.warden.panel.extension.Action;
import dev.warden.panel.extension.AdminIcon;
import dev.warden.panel.extension.CreateContext;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.extension.Policy;
import dev.warden.panel.extension.Relation;
import dev.warden.panel.extension.SortOrder;
import jakarta.persistence.Column;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Unit tests for {@link ResourceAssembler#assemble}: the registry rules of docs/admin-api.md, "Exposing a custom table" and "Resource definition" and "Relations"
 * on catalog facts built by
 * hand, no database.
 */
class ResourceAssemblyTest {

    @Table(name = "warden_users")
    static class Users {}

    @Table(name = "game_scores")
    static class Score {
        @Id
        Long id;

        @Column(name = "user_id")
        Long userId;

        Long tournamentId;
        String season;
    }

    @Table(name = "game_tournaments")
    static class Tournament {}

    @Table(name = "game_season_scores")
    static class SeasonScore {}

    private static ColumnDef col(String name, boolean primaryKey, boolean hasDefault) {
        return new ColumnDef(
                name, Names.humanize(name), ColumnType.STRING, "text", !primaryKey, hasDefault, primaryKey, null, null);
    }

    private static TableFacts facts(
            TableSpec spec, List<String> primaryKey, Map<String, String> foreignKeys, ColumnDef... columns) {
        return new TableFacts(
                spec, EntityColumns.tableOf(spec.entityClass()), List.of(columns), primaryKey, foreignKeys);
    }

    private static List<TableFacts> facts(PanelSettings settings) {
        List<TableFacts> out = new ArrayList<>();
        for (TableSpec spec : settings.tables().values()) {
            out.add(
                    switch (spec.key()) {
                        case "users" ->
                            facts(
                                    spec,
                                    List.of("id"),
                                    Map.of(),
                                    col("id", true, true),
                                    col("email", false, false),
                                    col("display_name", false, false));
                        case "scores" ->
                            facts(
                                    spec,
                                    List.of("id"),
                                    Map.of("user_id", "warden_users"),
                                    col("id", true, true),
                                    col("user_id", false, false),
                                    col("season", false, true),
                                    col("score", false, false),
                                    col("note", false, false),
                                    col("tournament_id", false, false));
                        case "tournaments" ->
                            facts(
                                    spec,
                                    List.of("id"),
                                    Map.of(),
                                    col("id", true, true),
                                    col("name", false, false),
                                    col("created_at", false, true));
                        case "seasonScores" ->
                            facts(
                                    spec,
                                    List.of("season", "user_id"),
                                    Map.of("user_id", "warden_users"),
                                    col("season", true, false),
                                    col("user_id", true, false),
                                    col("points", false, false));
                        default -> throw new IllegalArgumentException(spec.key());
                    });
        }
        return out;
    }

    private static PanelSettings settings() {
        PanelSettings settings = PanelSettings.withBuiltIns(p -> p.table("users", Users.class));
        settings.origin("TestPanel");
        settings.table("scores", Score.class)
                .table("tournaments", Tournament.class)
                .table("seasonScores", SeasonScore.class);
        return settings;
    }

    private static Map<String, ResourceDef> assemble(PanelSettings settings) {
        return ResourceAssembler.assemble(facts(settings), settings);
    }

    @Test
    void aCustomTableWithoutAResourcesEntryGetsDefaults() {
        Map<String, ResourceDef> resources = assemble(settings());
        assertEquals(List.of("users", "scores", "tournaments", "seasonScores"), List.copyOf(resources.keySet()));
        ResourceDef tournaments = resources.get("tournaments");
        assertEquals("Tournaments", tournaments.label());
        assertEquals(AdminIcon.DATABASE, tournaments.icon(), "no rule matches: the fallback");
        assertEquals(List.of("id", "name", "created_at"), tournaments.listColumns());
        assertEquals(List.of("id", "name", "created_at"), tournaments.formFields());
        assertEquals(List.of("name"), tournaments.createFields());
        assertEquals(new ResourceDef.Sort("id", SortOrder.DESC), tournaments.defaultSort());
        ResourceDef seasonScores = resources.get("seasonScores");
        assertEquals("Season Scores", seasonScores.label());
        assertEquals(AdminIcon.TROPHY, seasonScores.icon(), "a table ending in _scores");
        assertTrue(tournaments.actions().isEmpty());
        assertTrue(tournaments.policies().isEmpty());
        assertFalse(tournaments.hasCreateDefaults());
        assertTrue(tournaments.createDefaults(7L).isEmpty());
    }

    @Test
    void foreignKeysGiveOneAndManyRelationsNamedAfterTheCustomKey() {
        Map<String, ResourceDef> resources = assemble(settings());
        ResourceDef scores = resources.get("scores");
        assertEquals(
                new RelationDef("user", "User", "users", Relation.Kind.ONE, "user_id"),
                scores.relations().get(0));
        assertEquals("users", scores.column("user_id").orElseThrow().linkTo());
        List<RelationDef> users = resources.get("users").relations();
        assertTrue(
                users.contains(new RelationDef("scores", "Scores", "scores", Relation.Kind.MANY, "user_id")),
                users.toString());
        assertTrue(users.contains(
                new RelationDef("seasonScores", "Season Scores", "seasonScores", Relation.Kind.MANY, "user_id")));
    }

    @Test
    void theResourceDefinitionIsApplied() {
        PanelSettings settings = settings();
        Action reset = Action.perRow("reset", "Reset score").roles("admin").confirm("Reset?", null);
        settings.resource("scores", r -> r.label("High scores")
                .icon(AdminIcon.LINE_CHART)
                .list(l -> l.columns("user_id", "userId", "score", "season").defaultSort("score", SortOrder.DESC))
                .form(f -> f.fields("id", "user_id", "season", "score", "note", "createdAt"))
                .show(s -> s.fields("score", "nope", "id"))
                .column("user_id", c -> c.label("Player").linkTo("users"))
                .column("note", c -> c.linkToResourceFromColumn("season"))
                .column("userId", c -> c.label("dropped"))
                .relationLabel("user", "Player")
                .relationLabel("nothing", "dropped")
                .action(reset)
                .action(Action.bulk("recount", "Recount"))
                .policy(Operation.DELETE, Policy.roles("admin"))
                .policy(Operation.LIST, Policy.everyone()));
        settings.resource("users", r -> r.relationLabel("scores", "High scores"));
        ResourceDef scores = assemble(settings).get("scores");
        assertEquals("High scores", scores.label());
        assertEquals(AdminIcon.LINE_CHART, scores.icon());
        assertEquals(List.of("id", "user_id", "score", "season"), scores.listColumns(), "camelCase dropped, key first");
        assertEquals(new ResourceDef.Sort("score", SortOrder.DESC), scores.defaultSort());
        assertEquals(List.of("id", "user_id", "season", "score", "note"), scores.formFields());
        assertEquals(List.of("user_id", "score", "note"), scores.createFields(), "no key, no defaulted season");
        assertEquals(List.of("score", "id"), scores.showFields());
        assertEquals("Player", scores.column("user_id").orElseThrow().label());
        assertEquals("season", scores.column("note").orElseThrow().linkFromColumn());
        assertEquals("Player", scores.relations().get(0).label());
        assertEquals(
                List.of(reset.name(), "recount"),
                scores.actions().stream().map(Action::name).toList());
        assertEquals(Policy.roles("admin"), scores.policy(Operation.DELETE).orElseThrow());
        assertEquals(Policy.everyone(), scores.policy(Operation.LIST).orElseThrow());
        assertTrue(scores.policy(Operation.READ).isEmpty());
        assertEquals(Set.of(Operation.DELETE, Operation.LIST), scores.policies().keySet());
        RelationDef usersTab = assemble(settings).get("users").relations().stream()
                .filter(r -> r.name().equals("scores"))
                .findFirst()
                .orElseThrow();
        assertEquals("High scores", usersTab.label(), "relationLabel on a built-in resource");
    }

    @Test
    void anUnknownDefaultSortColumnKeepsTheDefault() {
        PanelSettings settings = settings();
        settings.resource("scores", r -> r.list(l -> l.defaultSort("highScore", SortOrder.ASC)));
        assertEquals(
                new ResourceDef.Sort("id", SortOrder.DESC),
                assemble(settings).get("scores").defaultSort());
    }

    @Test
    void aResourcesEntryWithoutATableIsNotAResource() {
        PanelSettings settings = settings();
        settings.resource("ghost", r -> r.label("Ghost"));
        assertFalse(assemble(settings).containsKey("ghost"));
        assertEquals(List.of("ghost"), settings.unlistedKeys());
    }

    @Test
    void declaredRelationsAddOneAndManyAndSkipCompositeTargets() {
        PanelSettings settings = settings();
        settings.relation("scores", new Relation("tournament", "tournaments", Relation.Kind.ONE, "tournamentId"))
                .relation("scores", new Relation("tournamentScores", "tournaments", Relation.Kind.MANY, "tournamentId"))
                .relation("scores", new Relation("seasonBoard", "seasonScores", Relation.Kind.ONE, "season"));
        Map<String, ResourceDef> resources = assemble(settings);
        ResourceDef scores = resources.get("scores");
        assertEquals(
                List.of(
                        new RelationDef("user", "User", "users", Relation.Kind.ONE, "user_id"),
                        new RelationDef("tournament", "Tournament", "tournaments", Relation.Kind.ONE, "tournament_id")),
                scores.relations(),
                "the composite-keyed target is skipped");
        assertEquals("tournaments", scores.column("tournament_id").orElseThrow().linkTo());
        assertNull(scores.column("season").orElseThrow().linkTo());
        assertEquals(
                List.of(new RelationDef(
                        "tournamentScores", "Tournament Scores", "scores", Relation.Kind.MANY, "tournament_id")),
                resources.get("tournaments").relations());
    }

    @Test
    void aDeclaredOneRelationOnAForeignKeyReplacesTheDerivedOne() {
        PanelSettings settings = settings();
        settings.relation("scores", new Relation("player", "users", Relation.Kind.ONE, "userId"));
        ResourceDef scores = assemble(settings).get("scores");
        assertEquals(
                List.of(new RelationDef("player", "Player", "users", Relation.Kind.ONE, "user_id")),
                scores.relations());
    }

    @Test
    void badDeclaredRelationsAreStartUpErrors() {
        PanelSettings unknownTable = settings();
        unknownTable.relation("ghost", new Relation("x", "users", Relation.Kind.ONE, "userId"));
        assertTrue(assertThrows(IllegalStateException.class, () -> assemble(unknownTable))
                .getMessage()
                .contains("'ghost' is not a registered table key"));
        PanelSettings unknownTarget = settings();
        unknownTarget.relation("scores", new Relation("x", "players", Relation.Kind.ONE, "userId"));
        assertTrue(assertThrows(IllegalStateException.class, () -> assemble(unknownTarget))
                .getMessage()
                .contains("target 'players' is not a registered table key"));
        PanelSettings unknownFk = settings();
        unknownFk.relation("scores", new Relation("x", "users", Relation.Kind.ONE, "playerId"));
        assertTrue(assertThrows(IllegalStateException.class, () -> assemble(unknownFk))
                .getMessage()
                .contains("fk 'playerId' is neither an attribute of"));
        PanelSettings duplicate = settings();
        duplicate.relation("scores", new Relation("scores", "users", Relation.Kind.MANY, "userId"));
        assertTrue(assertThrows(IllegalStateException.class, () -> assemble(duplicate))
                .getMessage()
                .contains("resource 'users' already has a relation named 'scores'"));
    }

    @Test
    void theAuditLogTargetLinksByTheResourceColumn() {
        // the built-in customizer's audit-log definition: label and linkFromColumn
        @Table(name = "warden_admin_audit")
        class Audit {}
        PanelSettings settings = PanelSettings.withBuiltIns(
                p -> p.table("adminAudit", Audit.class).resource("adminAudit", BuiltInTables::auditLog));
        ResourceDef audit = ResourceAssembler.assemble(
                        List.of(facts(
                                settings.tables().get("adminAudit"),
                                List.of("id"),
                                Map.of(),
                                col("id", true, true),
                                col("resource", false, false),
                                col("target_id", false, false))),
                        settings)
                .get("adminAudit");
        assertEquals("resource", audit.column("target_id").orElseThrow().linkFromColumn());
        assertEquals("Audit log", audit.label());
    }

    @Test
    void createDefaultsRunTheFunctionAndNormalizeKeys() {
        PanelSettings settings = settings();
        AtomicReference<CreateContext> seen = new AtomicReference<>();
        settings.resource(
                "scores",
                r -> r.create(c -> c.defaults(ctx -> {
                    seen.set(ctx);
                    Map<String, Object> out = new LinkedHashMap<>();
                    out.put("season", "s9");
                    out.put("tournamentId", 3L);
                    out.put("userId", 4L);
                    out.put("bogus", 1);
                    return CompletableFuture.completedFuture(out);
                })));
        ResourceDef scores = assemble(settings).get("scores");
        assertTrue(scores.hasCreateDefaults());
        assertEquals(Map.of("season", "s9", "tournament_id", 3L, "user_id", 4L), scores.createDefaults(42L));
        assertEquals(new CreateContext(42L, "scores"), seen.get());
        scores.createDefaults(null);
        assertNull(seen.get().operatorId());
    }

    @Test
    void createDefaultsFailuresNameTheResource() {
        PanelSettings slow = settings();
        slow.resource("scores", r -> r.create(c -> c.defaults(ctx -> new CompletableFuture<Map<String, Object>>())));
        IllegalStateException timeout = assertThrows(
                IllegalStateException.class,
                () -> assemble(slow).get("scores").createDefaults(1L, Duration.ofMillis(50)));
        assertEquals("create.defaults of resource 'scores' did not complete within 50 ms", timeout.getMessage());

        PanelSettings wrongType = settings();
        wrongType.resource("scores", r -> r.create(c -> c.defaults(ctx -> "s1")));
        assertTrue(assertThrows(
                        IllegalStateException.class,
                        () -> assemble(wrongType).get("scores").createDefaults(1L))
                .getMessage()
                .contains("returned a java.lang.String, not a Map"));

        PanelSettings throwing = settings();
        throwing.resource(
                "scores",
                r -> r.create(c -> c.defaults(ctx -> {
                    throw new java.io.IOException("season service down");
                })));
        IllegalStateException failed = assertThrows(
                IllegalStateException.class,
                () -> assemble(throwing).get("scores").createDefaults(1L));
        assertTrue(failed.getMessage().contains("season service down"), failed.getMessage());

        PanelSettings failedStage = settings();
        failedStage.resource(
                "scores",
                r -> r.create(c ->
                        c.defaults(ctx -> CompletableFuture.failedFuture(new IllegalArgumentException("no season")))));
        assertTrue(assertThrows(
                        IllegalStateException.class,
                        () -> assemble(failedStage).get("scores").createDefaults(1L))
                .getMessage()
                .contains("no season"));

        PanelSettings none = settings();
        none.resource("scores", r -> r.create(c -> c.defaults(ctx -> null)));
        assertEquals(Map.of(), assemble(none).get("scores").createDefaults(1L));
    }
}
