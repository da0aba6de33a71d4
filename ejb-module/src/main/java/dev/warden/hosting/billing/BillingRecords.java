package dev.warden.hosting.billing;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.ArrayList;
import java.util.List;

/**
 * What Warden itself knows for {@code /billing}: the team owner's provider customer id and the team's
 * applications with their provider subscription ids. Read in its own short transaction, so no database
 * connection waits on the billing provider.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class BillingRecords {

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    /** An application of the team and its provider subscription id (null when it has none). */
    public record App(long id, String slug, String name, String providerSubscriptionId) {}

    /** The owner's customer id (null when the owner has no billing account, or the team no owner) and the apps by id. */
    public record Team(String customerId, List<App> applications) {}

    /**
     * The billing records of team {@code teamId}. The owner is the team's {@code owner} member (the
     * earliest one, should there be several).
     */
    public Team of(long teamId) {
        @SuppressWarnings("unchecked")
        List<Object> customer = em.createNativeQuery("SELECT b.provider_customer_id FROM warden_team_members m "
                        + "JOIN warden_billing_accounts b ON b.owner_user_id = m.user_id "
                        + "WHERE m.team_id = ? AND m.role = 'owner' "
                        + "AND m.id = (SELECT min(o.id) FROM warden_team_members o "
                        + "            WHERE o.team_id = m.team_id AND o.role = 'owner')")
                .setParameter(1, teamId)
                .getResultList();
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(
                        "SELECT a.id, a.slug, a.name, s.provider_subscription_id FROM warden_applications a "
                                + "LEFT JOIN warden_subscriptions s ON s.application_id = a.id "
                                + "WHERE a.team_id = ? ORDER BY a.id")
                .setParameter(1, teamId)
                .getResultList();
        List<App> apps = new ArrayList<>(rows.size());
        for (Object[] row : rows) {
            apps.add(new App(((Number) row[0]).longValue(), (String) row[1], (String) row[2], (String) row[3]));
        }
        return new Team(customer.isEmpty() ? null : (String) customer.get(0), apps);
    }
}
