package dev.warden.auth;

import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The one place that turns a user's {@code warden_roles} rows into an {@link Operator} (docs/admin-api.md, "Sign-in"):
 * sign-in, every authenticated request and {@code moderation.can} all load roles here. Rows are read
 * as rows ({@code role}, {@code resource}), never parsed from a joined string.
 *
 * <p>Panel accounts are explicit (docs/admin-api.md): a {@code warden_users} row with no
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
        String email = (String) ((Object[]) rows.get(0))[0];
        List<String[]> grants = new ArrayList<>();
        for (Object found : rows) {
            Object[] row = (Object[]) found;
            if (row[1] != null) {
                grants.add(new String[] {(String) row[1], (String) row[2]});
            }
        }
        return fromRoleRows(userId, email, grants, sessionId);
    }

    /**
     * The operator of user {@code userId} from its role rows already read (the session check reads them in its own
     * statement: {@link Sessions#check}).
     *
     * @param roleRows each {@code {role, resource}} of a {@code warden_roles} row ({@code resource} null for a
     *                 role on every resource); an unknown role is logged and ignored
     * @return empty for a player (no known role)
     */
    public static Optional<Operator> fromRoleRows(
            long userId, String email, List<String[]> roleRows, String sessionId) {
        List<RoleGrant> grants = new ArrayList<>();
        for (String[] row : roleRows) {
            Role.fromWire(row[0])
                    .ifPresentOrElse(
                            role -> grants.add(new RoleGrant(role, row[1])),
                            () -> LOG.warning(() -> "Ignoring unknown role '" + row[0] + "' of user " + userId));
        }
        return grants.isEmpty() ? Optional.empty() : Optional.of(Operator.fromGrants(userId, email, grants, sessionId));
    }
}
