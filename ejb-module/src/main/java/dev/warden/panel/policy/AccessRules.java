package dev.warden.panel.policy;

import dev.warden.auth.Operator;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.extension.Policy;
import dev.warden.panel.registry.ResourceDef;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The standard role rule, the resources' policies and read-only flags (docs/admin-api.md, "Authentication" rules 3 to 7).
 * Pure logic: who may do which CRUD operation on which resource.
 *
 * <ul>
 *   <li>admin: full CRUD;</li>
 *   <li>mod: list, read and update on the resource keys assigned as scope; never on {@code roles};</li>
 *   <li>user: list and read through the API (the panel UI refuses them elsewhere), except on Warden's own
 *       additions ({@link #OPERATORS_ONLY}: the hosting resources, API token rows included, and the live rooms),
 *       which are for admins and scoped mods only (docs/security.md, "Standard rule");</li>
 * </ul>
 * The audit log's rules (list and read for admins only, every write denied to everyone) are not written
 * here: the built-in customizer declares them as its policies and {@code readOnly()}.
 */
public final class AccessRules {

    /** The CRUD operations a policy can name, in the catalog's {@code can} order. */
    public static final List<Operation> ACTIONS = List.of(Operation.values());

    /**
     * Resources that are not the requirements' and that role user may not list or read unless a policy says so: the
     * hosting tables registered by {@code HostingPanel} (teams, tokens, deploy output, billing) and the live rooms
     * ({@code rooms}: players' state and IP addresses; docs/security.md). A fixed list for now; it belongs in the
     * extension API as a resource setting (follow-up).
     */
    public static final Set<String> OPERATORS_ONLY = Set.of(
            "teams",
            "teamMembers",
            "apiTokens",
            "applications",
            "locations",
            "instances",
            "deploys",
            "egressDays",
            "billingAccounts",
            "subscriptions",
            "rooms");

    private AccessRules() {}

    /**
     * True when {@code operator} may perform {@code action} ({@code list}, {@code read}, {@code create},
     * {@code update}, {@code delete}) on {@code resource}: a policy configured for the action REPLACES the
     * standard rule (docs/admin-api.md, "Authentication" rule 6) — {@code roles} checked literally (admin
     * not implied; a listed {@code mod} means any mod, whatever their scope), {@code everyone} any signed-in
     * identity, {@code deny} nobody. A read-only resource's writes stay denied whatever is configured (the
     * audit log: rule 7 and Events, rule 2, append-only).
     */
    public static boolean allows(Operator operator, Operation action, ResourceDef resource) {
        if (resource.readOnly() && action.isWrite()) {
            return false;
        }
        Optional<Policy> configured = resource.policy(action);
        if (configured.isEmpty()) {
            return allows(operator, action, resource.key());
        }
        Policy policy = configured.get();
        return switch (policy.kind()) {
            case EVERYONE -> true;
            case DENY -> false;
            case ROLES -> policy.allowedRoles().contains(operator.role().wire());
        };
    }

    /**
     * The keys of {@code resources} that {@code operator} may read: what {@code _labels} and {@code _counts}
     * may reveal ({@link Visibility}).
     */
    public static Set<String> readable(Operator operator, Collection<ResourceDef> resources) {
        Set<String> out = new HashSet<>();
        for (ResourceDef resource : resources) {
            if (allows(operator, Operation.READ, resource)) {
                out.add(resource.key());
            }
        }
        return out;
    }

    /** The standard role rule only, for the resource {@code key} (no policy, no read-only flag). */
    public static boolean allows(Operator operator, Operation action, String key) {
        return switch (operator.role()) {
            case ADMIN -> true;
            case MOD ->
                !"roles".equals(key)
                        && operator.scopes().contains(key)
                        && action != Operation.CREATE
                        && action != Operation.DELETE;
            case USER -> !action.isWrite() && !OPERATORS_ONLY.contains(key);
        };
    }
}
