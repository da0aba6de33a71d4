package dev.warden.panel.extension;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A custom action (docs/admin-api.md, "Custom actions"): {@code name} (URL segment of
 * {@code POST /admin-api/:resource/_action/:name}), {@code label}, {@code perRow}, {@code confirm},
 * {@code handler} and {@code roles}. Immutable: each {@code with}-style method returns a copy, so
 * {@code Action.perRow("reset", "Reset score").roles("admin").confirm("Reset?", null).handler(...)} reads
 * as the requirements' object literal.
 *
 * <p>Roles are checked literally by the action endpoint (rule 5): a non-empty list never includes admins
 * implicitly; no roles means any signed-in identity. The registry stores actions and lists them in the
 * catalog ({@code actions: [{name, label, per_row, confirm}]}); it neither checks roles nor invokes handlers.
 */
public final class Action {

    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_.-]*");

    /**
     * The confirmation the panel asks before sending (rule 3).
     *
     * @param title       dialog title
     * @param description optional body text, or null
     */
    public record Confirm(String title, String description) {
        /**
         * Checks the title.
         *
         * @throws IllegalArgumentException when the title is blank
         */
        public Confirm {
            if (title == null || title.isBlank()) {
                throw new IllegalArgumentException("Action confirm needs a title");
            }
        }
    }

    private final String name;
    private final String label;
    private final boolean perRow;
    private final Set<String> roles;
    private final Confirm confirm;
    private final ActionHandler handler;

    private Action(
            String name, String label, boolean perRow, Set<String> roles, Confirm confirm, ActionHandler handler) {
        this.name = name;
        this.label = label;
        this.perRow = perRow;
        this.roles = roles;
        this.confirm = confirm;
        this.handler = handler;
    }

    /**
     * An action on one row (a per-row menu entry on the list page; {@code perRow: true}).
     *
     * @param name  URL segment: a letter, then letters, digits, {@code _ . -}
     * @param label menu text
     * @throws IllegalArgumentException when the name is malformed or the label blank
     */
    public static Action perRow(String name, String label) {
        return create(name, label, true);
    }

    /**
     * A bulk action (a toolbar button on the list page; the handler receives null as the row).
     *
     * @throws IllegalArgumentException when the name is malformed or the label blank
     */
    public static Action bulk(String name, String label) {
        return create(name, label, false);
    }

    private static Action create(String name, String label, boolean perRow) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("Action name must match " + NAME + ": " + name);
        }
        if (label == null || label.isBlank()) {
            throw new IllegalArgumentException("Action '" + name + "' needs a label");
        }
        return new Action(name, label, perRow, Set.of(), null, null);
    }

    /**
     * A copy restricted to these roles (replacing earlier ones); no roles lifts the restriction.
     *
     * @throws IllegalArgumentException when a role is blank
     */
    public Action roles(String... roles) {
        Set<String> set = new LinkedHashSet<>();
        for (String role : roles) {
            if (role == null || role.isBlank()) {
                throw new IllegalArgumentException("Action '" + name + "': blank role in " + Arrays.toString(roles));
            }
            set.add(role.strip());
        }
        return new Action(name, label, perRow, java.util.Collections.unmodifiableSet(set), confirm, handler);
    }

    /**
     * A copy with a confirmation dialog.
     *
     * @param description optional, may be null
     * @throws IllegalArgumentException when the title is blank
     */
    public Action confirm(String title, String description) {
        return new Action(name, label, perRow, roles, new Confirm(title, description), handler);
    }

    /** A copy with this handler. */
    public Action handler(ActionHandler handler) {
        return new Action(name, label, perRow, roles, confirm, Objects.requireNonNull(handler, "handler"));
    }

    /** URL segment of the action. */
    public String name() {
        return name;
    }

    /** Button or menu text. */
    public String label() {
        return label;
    }

    /** True for a per-row action, false for a bulk one. */
    public boolean perRow() {
        return perRow;
    }

    /**
     * Roles allowed to invoke it, in the given order; empty means any signed-in identity (rule 5). (Not
     * {@code roles()}: that name is the copy method {@link #roles(String...)}.)
     */
    public Set<String> allowedRoles() {
        return roles;
    }

    /** The confirmation, or null for the panel's generic one. */
    public Confirm confirm() {
        return confirm;
    }

    /** The handler, or null when none was given (the action endpoint then fails the invocation). */
    public ActionHandler handler() {
        return handler;
    }

    @Override
    public String toString() {
        return "Action[" + name + ", " + (perRow ? "per row" : "bulk") + ", roles " + List.copyOf(roles) + "]";
    }
}
