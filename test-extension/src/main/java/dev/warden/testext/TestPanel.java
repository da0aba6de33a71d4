package dev.warden.testext;

import dev.warden.panel.extension.Action;
import dev.warden.panel.extension.AdminIcon;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.extension.PanelConfig;
import dev.warden.panel.extension.PanelCustomizer;
import dev.warden.panel.extension.Policy;
import dev.warden.panel.extension.Relation;
import dev.warden.panel.extension.Relation.Kind;
import dev.warden.panel.extension.ResourceBuilder;
import dev.warden.panel.extension.SortOrder;
import dev.warden.panel.policy.Moderation;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import javax.naming.InitialContext;
import javax.naming.NamingException;

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
 *   <li>a customisation of the built-in {@code users}: the label of its {@code scores} tab;</li>
 *   <li>two per-row actions on {@code seasonScores} that assign and remove the row's player's mod scope
 *       through the {@code Moderation} EJB;</li>
 *   <li>{@code openNotes}, {@code staffNotes}, {@code lockedNotes}: one policy ({@code everyone},
 *       {@code ['admin', 'mod']}, {@code deny}) on every CRUD action, for PolicyMatrixIT; a slow per-row action on
 *       {@code openNotes} (JobsIT's cancel) and one on {@code staffNotes} that can hold a row ({@link HeldTouch},
 *       JobRestartIT);</li>
 *   <li>{@code contacts} (with {@code calls} pointing at it): column read and write policies, for
 *       FieldPermissionsIT: {@code name} and {@code email} readable by admins and mods,
 *       {@code email} writable by admins only, {@code salary}, {@code secret} and {@code handler_id} admins only.</li>
 * </ul>
 */
@ApplicationScoped
public class TestPanel implements PanelCustomizer {

    /**
     * Where the asynchronous create defaults of {@code scores} complete: one daemon thread for all calls
     * (docs/extension.md, "Rules", resource definition 3: without an executor, {@code supplyAsync} starts a thread per
     * call on a JVM with fewer than 3 processors).
     */
    private static final Executor DEFAULTS = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "warden-test-extension-defaults");
        thread.setDaemon(true);
        return thread;
    });

    @Override
    public void customize(PanelConfig panel) {
        panel.table("scores", Score.class)
                .table("tournaments", Tournament.class)
                .table("seasonScores", SeasonScore.class)
                .resource("scores", r -> r.label("High scores")
                        .icon(AdminIcon.LINE_CHART)
                        .list(l -> l.columns("user_id", "userId", "score", "season")
                                .defaultSort("score", SortOrder.DESC))
                        .form(f -> f.fields("id", "user_id", "season", "score", "note", "tournament_id"))
                        .show(s -> s.fields("id", "user_id", "season", "score", "note", "tournamentId"))
                        .column("user_id", c -> c.label("Player").linkTo("users"))
                        .column("playerName", c -> c.label("dropped: not a column"))
                        .relationLabel("user", "Player")
                        .create(c -> c.defaults(ctx -> CompletableFuture.supplyAsync(
                                () -> Map.of(
                                        "season",
                                        currentSeason(),
                                        "note",
                                        "entered by operator " + ctx.operatorId(),
                                        "tournamentId",
                                        0L,
                                        "notAColumn",
                                        true),
                                DEFAULTS)))
                        .action(Action.perRow("resetScore", "Reset score")
                                .roles("admin")
                                .confirm("Reset this score?", "Sets the score to 0.")
                                .handler((row, ctx) ->
                                        Map.of("reset", row.getJsonNumber("id").longValue())))
                        .action(Action.bulk("recount", "Recount seasons").handler((row, ctx) -> "ok"))
                        .policy(Operation.DELETE, Policy.roles("admin"))
                        .policy(Operation.LIST, Policy.everyone()))
                .table("openNotes", OpenNote.class)
                .table("staffNotes", StaffNote.class)
                .table("lockedNotes", LockedNote.class)
                .resource("openNotes", r -> everyAction(r, Policy.everyone())
                        // a slow per-row action (20 ms a row): a job long enough to be cancelled while it runs
                        .action(Action.perRow("slowTouch", "Touch slowly").handler((row, ctx) -> {
                            try {
                                Thread.sleep(20);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            return "touched";
                        })))
                .resource("staffNotes", r -> everyAction(r, Policy.roles("admin", "mod"))
                        // appends "+" to the row's body; holds one row on a server told to (JobRestartIT)
                        .action(Action.perRow("holdTouch", "Touch, or hold")
                                .roles("admin")
                                .handler((row, ctx) -> HeldTouch.touch(row))))
                .resource("lockedNotes", r -> everyAction(r, Policy.deny()))
                .resource("users", r -> r.relationLabel("scores", "High scores"))
                // an integrator's own code assigning mod scopes through the Moderation EJB: the row's player
                .resource("seasonScores", r -> r.action(
                                Action.perRow("makeSeasonMod", "Make the player a season scores mod")
                                        .roles("admin")
                                        .handler((row, ctx) -> scope(
                                                row.getJsonNumber("user_id").longValue(), true)))
                        .action(Action.perRow("dropSeasonMod", "Drop the player's season scores scope")
                                .roles("admin")
                                .handler((row, ctx) ->
                                        scope(row.getJsonNumber("user_id").longValue(), false))))
                .resource("ghost", r -> r.label("Ghost").icon(AdminIcon.LOCK))
                // policies that differ from the standard rule: nobody updates, only mods (any scope) create
                .resource("tournaments", r -> r.policy(Operation.UPDATE, Policy.deny())
                        .policy(Operation.CREATE, Policy.roles("mod"))
                        .action(Action.bulk("explode", "Explode").handler((row, ctx) -> {
                            throw new IllegalStateException("secret internals");
                        })))
                // field-level permissions (FieldPermissionsIT)
                .table("contacts", Contact.class)
                .table("calls", ContactCall.class)
                .resource("contacts", r -> r.column("name", c -> c.read(Policy.roles("admin", "mod")))
                        .column("email", c -> c.read(Policy.roles("admin", "mod"))
                                .write(Policy.roles("admin")))
                        .column("salary", c -> c.read(Policy.roles("admin")).write(Policy.roles("admin")))
                        .column("secret", c -> c.read(Policy.roles("admin")))
                        .column("handler_id", c -> c.read(Policy.roles("admin"))))
                .relation("scores", new Relation("tournament", "tournaments", Kind.ONE, "tournamentId"))
                .relation("scores", new Relation("tournamentScores", "tournaments", Kind.MANY, "tournamentId"))
                .relation("scores", new Relation("seasonTotals", "seasonScores", Kind.ONE, "season"));
    }

    private static ResourceBuilder everyAction(ResourceBuilder resource, Policy policy) {
        for (Operation operation : Operation.values()) {
            resource.policy(operation, policy);
        }
        return resource;
    }

    /**
     * Assigns or removes the {@code seasonScores} mod scope of a user through {@link Moderation} (looked up in
     * JNDI, as code in an EAR library does), then reports what {@code Moderation.can} says.
     */
    static Map<String, Object> scope(long userId, boolean assign) {
        Moderation moderation;
        try {
            moderation = InitialContext.doLookup("java:app/warden-ejb/Moderation");
        } catch (NamingException e) {
            throw new IllegalStateException("Moderation EJB not found", e);
        }
        boolean changed =
                assign ? moderation.assignMod(userId, "seasonScores") : moderation.unassignMod(userId, "seasonScores");
        return Map.of(
                "changed",
                changed,
                "canUpdate",
                moderation.can(userId, "update", "seasonScores"),
                "canDelete",
                moderation.can(userId, "delete", "seasonScores"));
    }

    /** The season create defaults fill in. */
    static String currentSeason() {
        return "s7";
    }
}
