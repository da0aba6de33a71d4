package dev.warden.panel.builtin;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Passwords;
import dev.warden.game.model.AnalyticsEvent;
import dev.warden.game.model.CloudSave;
import dev.warden.game.model.Config;
import dev.warden.game.model.Leaderboard;
import dev.warden.game.model.LeaderboardEntry;
import dev.warden.panel.audit.model.AuditEntry;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.extension.PanelConfig;
import dev.warden.panel.extension.PanelCustomizer;
import dev.warden.panel.extension.Policy;
import dev.warden.panel.extension.ResourceBuilder;
import dev.warden.panel.extension.SortOrder;
import dev.warden.panel.extension.WriteOnlyField;
import dev.warden.panel.registry.BuiltIn;
import dev.warden.panel.users.model.Role;
import dev.warden.panel.users.model.User;
import dev.warden.panel.users.model.UserNote;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Warden's own tables, declared through the extension API integrators use (docs/admin-api.md, "Built-in resources";
 * docs/extension.md): the requirements' {@code db.tables} in sidebar order, keyed by canonical names,
 * with their special rules written as ordinary {@code resources} settings rather than checks in the generic
 * CRUD engine:
 *
 * <ul>
 *   <li>{@code users}: {@code password_hash} hidden; {@code password} a write-only field
 *       ({@value Passwords#MIN_LENGTH} to {@value #MAX_PASSWORD_LENGTH} characters, hashed into
 *       {@code password_hash}; null or empty leaves it unchanged); {@code ban} and {@code token_version}
 *       read-only (only the moderation endpoints change them);</li>
 *   <li>{@code leaderboardEntries}: sorted by score, highest first;</li>
 *   <li>{@code userNotes}: {@code author_id} is the operator on create, never taken from a body;</li>
 *   <li>{@code adminAudit} ("Audit log"): newest first, {@code target_id} links to the row named by
 *       {@code resource}; list and read for admins only, read-only for everyone (append-only, Events rule 2).</li>
 * </ul>
 * The registry runs it before any other customizer ({@link BuiltIn}).
 */
@ApplicationScoped
@BuiltIn
public class BuiltInTables implements PanelCustomizer {

    /** Canonical keys in sidebar order. */
    public static final List<String> KEYS = List.of(
            "users",
            "configs",
            "leaderboards",
            "analyticsEvents",
            "cloudSaves",
            "leaderboardEntries",
            "roles",
            "userNotes",
            "adminAudit");

    /** Longest password accepted (as for bootstrap and password reset). */
    public static final int MAX_PASSWORD_LENGTH = 1024;

    @Inject
    Passwords passwords;

    private final UnaryOperator<String> hash;

    /** The CDI bean: passwords are hashed with {@link Passwords}. */
    public BuiltInTables() {
        this.hash = null;
    }

    /** Built-in tables whose passwords are hashed with {@code hash} (tests). */
    public BuiltInTables(UnaryOperator<String> hash) {
        this.hash = hash;
    }

    @Override
    public void customize(PanelConfig panel) {
        panel.table("users", User.class)
                .table("configs", Config.class)
                .table("leaderboards", Leaderboard.class)
                .table("analyticsEvents", AnalyticsEvent.class)
                .table("cloudSaves", CloudSave.class)
                .table("leaderboardEntries", LeaderboardEntry.class)
                .table("roles", Role.class)
                .table("userNotes", UserNote.class)
                .table("adminAudit", AuditEntry.class)
                .resource("users", r -> r.hide("password_hash")
                        .writeOnly("password", "password_hash", password(hash != null ? hash : passwords::hash))
                        .column("ban", c -> c.readOnly())
                        .column("token_version", c -> c.readOnly()))
                .resource("leaderboardEntries", r -> r.list(l -> l.defaultSort("score", SortOrder.DESC)))
                .resource("userNotes", r -> r.column("author_id", c -> c.fromOperator()))
                .resource("adminAudit", BuiltInTables::auditLog);
    }

    /** The audit log's definition: admin-only reading, no writes. */
    public static void auditLog(ResourceBuilder r) {
        r.label("Audit log")
                .list(l -> l.defaultSort("id", SortOrder.DESC))
                .column("target_id", c -> c.linkToResourceFromColumn("resource"))
                .policy(Operation.LIST, Policy.roles("admin"))
                .policy(Operation.READ, Policy.roles("admin"))
                .readOnly();
    }

    /**
     * The write-only {@code password} field: null, JSON null or an empty string leave the hash unchanged (an
     * edit form's empty password field); other strings must be {@value Passwords#MIN_LENGTH} to
     * {@value #MAX_PASSWORD_LENGTH} characters and are stored as {@code hash(password)}.
     */
    public static WriteOnlyField password(UnaryOperator<String> hash) {
        return value -> {
            if (value == null || value == JsonValue.NULL) {
                return null;
            }
            if (!(value instanceof JsonString s)) {
                throw new IllegalArgumentException("must be a string");
            }
            String text = s.getString();
            if (text.isEmpty()) {
                return null;
            }
            if (text.length() < Passwords.MIN_LENGTH || text.length() > MAX_PASSWORD_LENGTH) {
                throw new IllegalArgumentException(
                        "must be " + Passwords.MIN_LENGTH + " to " + MAX_PASSWORD_LENGTH + " characters");
            }
            return JSON.createValue(hash.apply(text));
        };
    }
}
