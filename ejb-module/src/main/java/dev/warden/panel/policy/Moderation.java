package dev.warden.panel.policy;

import dev.warden.auth.Operator;
import dev.warden.auth.OperatorLoader;
import dev.warden.common.ApiException;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.ResourceRegistry;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.Set;
import java.util.logging.Logger;

/**
 * Who may do what in the panel, and moderator scope assignment (docs/admin-api.md, "Authentication" rules 3 to 7: {@code moderation.can(userId, action, resource)} and
 * {@code moderation.assignMod(userId, key)}).
 *
 * <p>The panel's endpoints check every CRUD request with {@link #authorize}; integrators call {@link #can}
 * from their own code (a custom action, a job) and assign scopes with {@link #assignMod}. Roles live in
 * {@code warden_roles}: one {@code admin} row makes an admin, {@code mod} rows (one per resource key) make a
 * mod scoped to those keys, a {@code user} row makes role {@code user}; no row at all is a player, not a panel
 * identity.
 */
@Stateless
public class Moderation {

    private static final Logger LOG = Logger.getLogger(Moderation.class.getName());

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @EJB
    ResourceRegistry registry;

    @EJB
    OperatorLoader operators;

    /**
     * True when user {@code userId} may perform {@code action} on the resource {@code key}: the resource's
     * policy for the action when it has one (it replaces the rule), else the standard role rule.
     *
     * @param action {@code list}, {@code read}, {@code create}, {@code update} or {@code delete} (the requirements'
     *               string form; see {@link #can(long, Operation, String)})
     * @return false for an unknown user, resource key or action
     */
    public boolean can(long userId, String action, String key) {
        return Operation.fromWire(action)
                .map(operation -> can(userId, operation, key))
                .orElse(false);
    }

    /**
     * True when user {@code userId} may perform {@code operation} on the resource {@code key} (as
     * {@link #can(long, String, String)}, typed).
     *
     * @return false for an unknown user or resource key
     */
    public boolean can(long userId, Operation action, String key) {
        ResourceDef resource = registry.find(key).orElse(null);
        Operator operator = operatorOf(userId);
        return resource != null && operator != null && AccessRules.allows(operator, action, resource);
    }

    /**
     * The resource {@code key} when {@code operator} may perform {@code action} on it (the check every panel
     * CRUD endpoint makes).
     *
     * @return the resource definition as the operator sees it (without the columns they may not read:
     *         {@link FieldAccess#view})
     * @throws ApiException 404 {@code not_found} for an unknown key; 403 {@code forbidden} when the policy
     *                      or the role rule refuses
     */
    public ResourceDef authorize(Operator operator, Operation action, String key) {
        ResourceDef resource = registry.find(key).orElseThrow(() -> ApiException.notFound("No resource '" + key + "'"));
        if (!AccessRules.allows(operator, action, resource)) {
            throw ApiException.forbidden("You may not " + action.wireName() + " " + key);
        }
        return view(operator, resource);
    }

    /** {@code resource} as {@code operator} sees it ({@link FieldAccess#view} with the registry's definitions). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public ResourceDef view(Operator operator, ResourceDef resource) {
        return FieldAccess.view(operator, resource, key -> registry.find(key).orElse(null));
    }

    /**
     * The resource keys whose rows' labels {@code operator} may see in {@code _labels}: readable resources whose
     * label column is readable too ({@link FieldAccess}). In memory: runs in the caller's
     * transaction when it has one and starts none (every list and read calls it).
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Set<String> labelableKeys(Operator operator) {
        Set<String> out = new java.util.HashSet<>();
        for (ResourceDef resource : registry.all()) {
            if (AccessRules.allows(operator, Operation.READ, resource)
                    && FieldAccess.labelVisible(resource, view(operator, resource))) {
                out.add(resource.key());
            }
        }
        return out;
    }

    /**
     * The resource keys {@code operator} may read: what {@link Visibility} lets labels and counts reveal. In memory,
     * as {@link #labelableKeys}.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Set<String> readableKeys(Operator operator) {
        return AccessRules.readable(operator, registry.all());
    }

    /**
     * Makes user {@code userId} a mod scoped to the resource {@code key} (adds a {@code warden_roles} row
     * {@code (userId, 'mod', key)}). An admin stays an admin (the admin row wins); {@code roles} may be
     * assigned but the role rule still blocks it for mods (rule 4).
     *
     * @return true when the scope was added, false when the user already had it
     * @throws ApiException 404 for an unknown user; 422 for a key that is not a registered resource
     */
    public boolean assignMod(long userId, String key) {
        requireUser(userId);
        if (key == null || registry.find(key).isEmpty()) {
            throw ApiException.invalid("resource", "is not a registered resource key: " + key);
        }
        int added = em.createNativeQuery(
                        """
                        INSERT INTO warden_roles (user_id, role, resource) VALUES (?1, 'mod', ?2)
                        ON CONFLICT (user_id, role, resource) DO NOTHING""")
                .setParameter(1, userId)
                .setParameter(2, key)
                .executeUpdate();
        if (added > 0) {
            LOG.info(() -> "User " + userId + " is now a mod of '" + key + "'");
        }
        return added > 0;
    }

    /**
     * Removes the mod scope {@code key} from user {@code userId}; with no role row left the user is a player
     * (no panel access).
     *
     * @return true when a scope was removed
     * @throws ApiException 404 for an unknown user
     */
    public boolean unassignMod(long userId, String key) {
        requireUser(userId);
        int removed = em.createNativeQuery(
                        "DELETE FROM warden_roles WHERE user_id = ?1 AND role = 'mod' AND resource = ?2")
                .setParameter(1, userId)
                .setParameter(2, key)
                .executeUpdate();
        if (removed > 0) {
            LOG.info(() -> "User " + userId + " is no longer a mod of '" + key + "'");
        }
        return removed > 0;
    }

    /** The role and scopes of user {@code userId} (no session), or null for an unknown user. */
    public Operator operatorOf(long userId) {
        return operators.load(userId, null).orElse(null);
    }

    private void requireUser(long userId) {
        if (em.createNativeQuery("SELECT 1 FROM warden_users WHERE id = ?1")
                .setParameter(1, userId)
                .getResultList()
                .isEmpty()) {
            throw ApiException.notFound("No user " + userId);
        }
    }
}
