package dev.warden.hosting.logs;

import dev.warden.common.ApiException;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;

/**
 * Finds the instance a log request names, in its own short transaction so that no database connection
 * is held while the agent answers (docs/hosting-api.md, "Requirements: Errors": 404 {@code not_found} for an instance not
 * in the team's application, with no hint whether it exists elsewhere).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class LogTargets {

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    /** An instance of the team's application: its status and agent endpoint (null until it has one). */
    public record Target(long instanceId, String status, String endpoint) {}

    /**
     * Instance {@code instanceId} (the raw path segment) of application {@code slug} of team {@code teamId}.
     *
     * @throws ApiException 404 {@code not_found} when the application is not the team's, the id is not a
     *                      number, or the instance is not the application's
     */
    public Target find(long teamId, String slug, String instanceId) {
        long id;
        try {
            id = Long.parseLong(instanceId);
        } catch (NumberFormatException e) {
            throw notFound(slug, instanceId);
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT i.id, i.status, i.endpoint FROM warden_instances i "
                        + "JOIN warden_locations l ON l.id = i.location_id "
                        + "JOIN warden_applications a ON a.id = l.application_id "
                        + "WHERE i.id = ? AND a.slug = ? AND a.team_id = ?")
                .setParameter(1, id)
                .setParameter(2, slug)
                .setParameter(3, teamId)
                .getResultList();
        if (rows.isEmpty()) {
            throw notFound(slug, instanceId);
        }
        Object[] row = rows.get(0);
        return new Target(((Number) row[0]).longValue(), (String) row[1], (String) row[2]);
    }

    private static ApiException notFound(String slug, String instanceId) {
        return ApiException.notFound("No instance " + instanceId + " in application '" + slug + "' of this team");
    }
}
