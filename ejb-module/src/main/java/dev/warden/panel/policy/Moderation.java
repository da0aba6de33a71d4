package dev.warden.panel.policy;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.ResourceRegistry;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.logging.Logger;

/**
 * Who may do what in the panel, and moderator scope assignment (spec/admin-panel.md, Authentication, rules
 * 3 to 7; DESIGN.md section 3: {@code moderation.can(userId, action, resource)} and
 * {@code moderation.assignMod(userId, key)}).
 *
 * <p>The panel's endpoints check every CRUD request with {@link #authorize}; integrators call {@link #can}
 * from their own code (a custom action, a job) and assign scopes with {@link #assignMod}. Roles live in
 * {@code warden_roles}: one {@code admin} row makes an admin, {@code mod} rows (one per resource key) make a
 * mod scoped to those keys, no row means role {@code user}.
 */
@Stateless
public class Moderation {

    private static final Logger LOG = Logger.getLogger(Moderation.class.getName());

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @EJB
    ResourceRegistry registry;

    /**
     * True when user {@code userId} may perform {@code action} on the resource {@code key}: the resource's
     * policy for the action when it has one (it replaces the rule), else the standard role rule.
     *
     * @param action {@code list}, {@code read}, {@code create}, {@code update} or {@code delete}
     * @return false for an unknown user, resource key or action
     */
    public boolean can(long userId, String action, String key) {
        if (!AccessRules.ACTIONS.contains(action)) {
            return false;
        }
        ResourceDef resource = registry.find(key).orElse(null);
        Operator operator = operatorOf(userId);
        return resource != null && operator != null && AccessRules.allows(operator, action, resource);
    }

    /**
     * The resource {@code key} when {@code operator} may perform {@code action} on it (the check every panel
     * CRUD endpoint makes).
     *
     * @return the resource definition
     * @throws ApiException 404 {@code not_found} for an unknown key; 403 {@code forbidden} when the policy
     *                      or the role rule refuses
     */
    public ResourceDef authorize(Operator operator, String action, String key) {
        ResourceDef resource = registry.find(key)
                .orElseThrow(() -> ApiException.notFound("No resource '" + key + "'"));
        if (!AccessRules.allows(operator, action, resource)) {
            throw ApiException.forbidden("You may not " + action + " " + key);
        }
        return resource;
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
        int added = em.createNativeQuery("""
                        INSERT INTO warden_roles (user_id, role, resource) VALUES (?1, 'mod', ?2)
                        ON CONFLICT (user_id, role, resource) DO NOTHING""")
                .setParameter(1, userId).setParameter(2, key)
                .executeUpdate();
        if (added > 0) {
            LOG.info(() -> "User " + userId + " is now a mod of '" + key + "'");
        }
        return added > 0;
    }

    /**
     * Removes the mod scope {@code key} from user {@code userId}; with no scope left the user is role
     * {@code user} again (unless an admin).
     *
     * @return true when a scope was removed
     * @throws ApiException 404 for an unknown user
     */
    public boolean unassignMod(long userId, String key) {
        requireUser(userId);
        int removed = em.createNativeQuery(
                        "DELETE FROM warden_roles WHERE user_id = ?1 AND role = 'mod' AND resource = ?2")
                .setParameter(1, userId).setParameter(2, key)
                .executeUpdate();
        if (removed > 0) {
            LOG.info(() -> "User " + userId + " is no longer a mod of '" + key + "'");
        }
        return removed > 0;
    }

    /** The role and scopes of user {@code userId} (no session), or null for an unknown user. */
    public Operator operatorOf(long userId) {
        List<?> users = em.createNativeQuery("SELECT email FROM warden_users WHERE id = ?1")
                .setParameter(1, userId).getResultList();
        if (users.isEmpty()) {
            return null;
        }
        List<String[]> roles = new ArrayList<>();
        for (Object row : em.createNativeQuery("SELECT role, resource FROM warden_roles WHERE user_id = ?1")
                .setParameter(1, userId).getResultList()) {
            Object[] r = (Object[]) row;
            roles.add(new String[] {((String) r[0]).toLowerCase(Locale.ROOT), (String) r[1]});
        }
        return Operator.fromRoles(userId, (String) users.get(0), roles, null);
    }

    private void requireUser(long userId) {
        if (em.createNativeQuery("SELECT 1 FROM warden_users WHERE id = ?1").setParameter(1, userId)
                .getResultList().isEmpty()) {
            throw ApiException.notFound("No user " + userId);
        }
    }
}
