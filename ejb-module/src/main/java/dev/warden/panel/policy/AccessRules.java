package dev.warden.panel.policy;

import dev.warden.auth.Operator;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.extension.Policy;
import dev.warden.panel.registry.ResourceDef;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The standard role rule and the built-in default policies (spec/admin-panel.md, Authentication, rules
 * 3 to 7). Pure logic: who may do which CRUD action on which resource key.
 *
 * <ul>
 *   <li>admin: full CRUD;</li>
 *   <li>mod: list, read and update on the resource keys assigned as scope; never on {@code roles};</li>
 *   <li>user: list and read through the API (the panel UI refuses them elsewhere);</li>
 *   <li>the audit log ({@code adminAudit}): list and read for admins only, every write denied to everyone.</li>
 * </ul>
 */
public final class AccessRules {

    /** The CRUD actions a policy can name. */
    public static final List<String> ACTIONS = List.of("list", "read", "create", "update", "delete");

    private static final Map<String, Map<String, Set<String>>> DEFAULT_POLICIES = Map.of(
            "adminAudit", Map.of(
                    "list", Set.of(Operator.ADMIN),
                    "read", Set.of(Operator.ADMIN),
                    "create", Set.of(),
                    "update", Set.of(),
                    "delete", Set.of()));

    private AccessRules() {
    }

    /**
     * True when {@code operator} may perform {@code action} ({@code list}, {@code read}, {@code create},
     * {@code update}, {@code delete}) on {@code resource}: a policy configured for the action REPLACES the
     * standard rule (spec/admin-panel.md, Authentication, rule 6) — {@code roles} checked literally (admin
     * not implied; a listed {@code mod} means any mod, whatever their scope), {@code everyone} any signed-in
     * identity, {@code deny} nobody. The audit log's writes stay denied whatever is configured (rule 7 and
     * Events, rule 2: append-only).
     */
    public static boolean allows(Operator operator, String action, ResourceDef resource) {
        Optional<Policy> configured = resource.policy(Operation.valueOf(action.toUpperCase(Locale.ROOT)));
        boolean appendOnly = "adminAudit".equals(resource.key()) && !"list".equals(action) && !"read".equals(action);
        if (configured.isEmpty() || appendOnly) {
            return allows(operator, action, resource.key());
        }
        Policy policy = configured.get();
        return switch (policy.kind()) {
            case EVERYONE -> true;
            case DENY -> false;
            case ROLES -> policy.allowedRoles().contains(operator.role());
        };
    }

    /** The standard rule and the built-in default policies only, for the resource {@code key}. */
    public static boolean allows(Operator operator, String action, String key) {
        Map<String, Set<String>> policies = DEFAULT_POLICIES.get(key);
        if (policies != null && policies.containsKey(action)) {
            return policies.get(action).contains(operator.role());
        }
        return switch (operator.role()) {
            case Operator.ADMIN -> true;
            case Operator.MOD -> !"roles".equals(key) && operator.scopes().contains(key)
                    && Set.of("list", "read", "update").contains(action);
            default -> Set.of("list", "read").contains(action);
        };
    }
}
