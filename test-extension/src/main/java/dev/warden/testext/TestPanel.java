package dev.warden.testext;

import dev.warden.panel.extension.Action;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.extension.PanelConfig;
import dev.warden.panel.extension.PanelCustomizer;
import dev.warden.panel.extension.Policy;
import dev.warden.panel.extension.Relation;
import dev.warden.panel.extension.Relation.Kind;
import dev.warden.panel.extension.SortOrder;
import dev.warden.panel.registry.AdminIcon;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The test extension's panel configuration: everything ExtensionIT checks in the catalog.
 *
 * <ul>
 *   <li>{@code scores}: label, icon, list columns with a camelCase name that must be dropped and without
 *       the primary key (which must be added), default sort, a column label and link, create defaults from
 *       a function, relation labels, an action of each kind and a policy;</li>
 *   <li>{@code tournaments} and {@code seasonScores}: tables without a {@code resources} entry;</li>
 *   <li>{@code ghost}: a {@code resources} entry without a table (never listed, 404);</li>
 *   <li>declared relations: {@code scores.tournament} (one), {@code tournaments.tournamentScores} (many), and
 *       one to the composite-keyed {@code seasonScores} that must be skipped;</li>
 *   <li>a customisation of the built-in {@code users}: the label of its {@code scores} tab.</li>
 * </ul>
 */
@ApplicationScoped
public class TestPanel implements PanelCustomizer {

    @Override
    public void customize(PanelConfig panel) {
        panel.table("scores", Score.class)
                .table("tournaments", Tournament.class)
                .table("seasonScores", SeasonScore.class)
                .resource("scores", r -> r
                        .label("High scores").icon(AdminIcon.LINE_CHART)
                        .list(l -> l.columns("user_id", "userId", "score", "season").defaultSort("score", SortOrder.DESC))
                        .form(f -> f.fields("id", "user_id", "season", "score", "note", "tournament_id"))
                        .show(s -> s.fields("id", "user_id", "season", "score", "note", "tournamentId"))
                        .column("user_id", c -> c.label("Player").linkTo("users"))
                        .column("playerName", c -> c.label("dropped: not a column"))
                        .relationLabel("user", "Player")
                        .create(c -> c.defaults(ctx -> CompletableFuture.supplyAsync(() -> Map.of(
                                "season", currentSeason(),
                                "note", "entered by operator " + ctx.operatorId(),
                                "tournamentId", 0L,
                                "notAColumn", true))))
                        .action(Action.perRow("resetScore", "Reset score").roles("admin")
                                .confirm("Reset this score?", "Sets the score to 0.")
                                .handler((row, ctx) -> Map.of("reset", row.getJsonNumber("id").longValue())))
                        .action(Action.bulk("recount", "Recount seasons").handler((row, ctx) -> "ok"))
                        .policy(Operation.DELETE, Policy.roles("admin"))
                        .policy(Operation.LIST, Policy.everyone()))
                .resource("users", r -> r.relationLabel("scores", "High scores"))
                .resource("ghost", r -> r.label("Ghost").icon(AdminIcon.LOCK))
                // policies that differ from the standard rule: nobody updates, only mods (any scope) create
                .resource("tournaments", r -> r.policy(Operation.UPDATE, Policy.deny())
                        .policy(Operation.CREATE, Policy.roles("mod"))
                        .action(Action.bulk("explode", "Explode").handler((row, ctx) -> {
                            throw new IllegalStateException("secret internals");
                        })))
                .relation("scores", new Relation("tournament", "tournaments", Kind.ONE, "tournamentId"))
                .relation("scores", new Relation("tournamentScores", "tournaments", Kind.MANY, "tournamentId"))
                .relation("scores", new Relation("seasonTotals", "seasonScores", Kind.ONE, "season"));
    }

    /** The season create defaults fill in. */
    static String currentSeason() {
        return "s7";
    }
}
