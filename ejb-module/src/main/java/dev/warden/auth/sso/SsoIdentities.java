package dev.warden.auth.sso;

import dev.warden.auth.RoleGrant;
import dev.warden.panel.users.model.User;
import jakarta.persistence.EntityManager;
import java.util.Collection;
import java.util.List;

/**
 * The rows that tie a Warden user to the provider: {@code warden_sso_identities} (issuer,
 * subject → user) and the user's SSO-granted rows in {@code warden_roles} ({@code origin = 'sso'}). Runs in the
 * caller's transaction.
 */
final class SsoIdentities {

    private SsoIdentities() {}

    /** The user linked to (issuer, subject); null when none. */
    static User find(EntityManager em, String issuer, String subject) {
        List<?> ids = em.createNativeQuery(
                        "SELECT user_id FROM warden_sso_identities WHERE issuer = ?1 AND subject = ?2")
                .setParameter(1, issuer)
                .setParameter(2, subject)
                .getResultList();
        return ids.isEmpty() ? null : em.find(User.class, ((Number) ids.get(0)).longValue());
    }

    /** Links (issuer, subject) to {@code user}. */
    static void link(EntityManager em, User user, String issuer, String subject) {
        em.createNativeQuery("INSERT INTO warden_sso_identities (issuer, subject, user_id) VALUES (?1, ?2, ?3)")
                .setParameter(1, issuer)
                .setParameter(2, subject)
                .setParameter(3, user.getId())
                .executeUpdate();
    }

    /** Sets the identity's {@code last_login_at} to now. */
    static void touch(EntityManager em, String issuer, String subject) {
        em.createNativeQuery(
                        "UPDATE warden_sso_identities SET last_login_at = now() WHERE issuer = ?1 AND subject = ?2")
                .setParameter(1, issuer)
                .setParameter(2, subject)
                .executeUpdate();
    }

    /** Replaces the user's SSO-granted role rows by {@code grants}; rows granted by hand stay. */
    static void replaceRoles(EntityManager em, long userId, Collection<RoleGrant> grants) {
        em.createNativeQuery("DELETE FROM warden_roles WHERE user_id = ?1 AND origin = 'sso'")
                .setParameter(1, userId)
                .executeUpdate();
        for (RoleGrant grant : grants) {
            em.createNativeQuery(
                            """
                            INSERT INTO warden_roles (user_id, role, resource, origin) VALUES (?1, ?2, ?3, 'sso')
                            ON CONFLICT DO NOTHING""")
                    .setParameter(1, userId)
                    .setParameter(2, grant.role().wire())
                    .setParameter(3, grant.resource())
                    .executeUpdate();
        }
    }
}
