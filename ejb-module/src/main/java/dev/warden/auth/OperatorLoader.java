package dev.warden.auth;

import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The one place that turns a user's {@code warden_roles} rows into an {@link Operator} (DESIGN.md section 3,
 * "Auth"): sign-in, every authenticated request and {@code moderation.can} all load roles here. Rows are read
 * as rows ({@code role}, {@code resource}), never parsed from a joined string.
 *
 * <p>Panel accounts are explicit (DESIGN.md section 3; issue 13, point 2): a {@code warden_users} row with no
 * role row is a player, not a panel identity, so it has no operator.
 */
@Stateless
public class OperatorLoader {

    private static final Logger LOG = Logger.getLogger(OperatorLoader.class.getName());

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    /**
     * The operator of user {@code userId} with its role rows.
     *
     * @param sessionId the session the operator acts through, or null outside a request
     * @return empty for an unknown user and for a player (no role row)
     */
    public Optional<Operator> load(long userId, String sessionId) {
        List<?> rows = em.createNativeQuery(
                        """
                        SELECT u.email, r.role, r.resource
                        FROM warden_users u LEFT JOIN warden_roles r ON r.user_id = u.id
                        WHERE u.id = ?1""")
                .setParameter(1, userId)
                .getResultList();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        String email = null;
        List<RoleGrant> grants = new ArrayList<>();
        for (Object found : rows) {
            Object[] row = (Object[]) found;
            email = (String) row[0];
            if (row[1] != null) {
                String name = (String) row[1];
                Role.fromWire(name)
                        .ifPresentOrElse(
                                role -> grants.add(new RoleGrant(role, (String) row[2])),
                                () -> LOG.warning(() -> "Ignoring unknown role '" + name + "' of user " + userId));
            }
        }
        return grants.isEmpty() ? Optional.empty() : Optional.of(Operator.fromGrants(userId, email, grants, sessionId));
    }
}
