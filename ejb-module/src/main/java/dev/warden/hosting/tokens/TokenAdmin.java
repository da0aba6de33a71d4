package dev.warden.hosting.tokens;

import dev.warden.common.ApiException;
import dev.warden.common.Hashing;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Creates and revokes hosting API tokens for the admin panel's custom actions (docs/hosting-api.md, "Requirements: Authentication" rules 2 and 4; docs/architecture.md, "Requirements: Hosting side").
 *
 * <p>A token is {@code wdn_} + 32 random bytes in base64url; only its SHA-256 (hex) and its first 12 characters
 * are stored. The token is returned once, by {@link #create}; the panel's audit log drops every key containing
 * {@code token} from action results, so it never reaches the audit log. A token is created FOR an owner or admin
 * member of the team (its creator), because it is valid only while its creator is one ({@link TokenService}).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class TokenAdmin {

    /** Characters of the token kept in {@code token_prefix}. */
    public static final int PREFIX_LENGTH = 12;

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    /**
     * Creates a token of team {@code teamId} whose creator is {@code userId}.
     *
     * @param name a label for people; blank or null gives "API token"
     * @return {@code {id, name, team_id, created_by, token_prefix, token}}: {@code token} is shown this once only
     * @throws ApiException 404 when the user is not a member of the team; 409 {@code conflict} when the member is
     *                      not an owner or admin (such a token would never work); 422 for a name over 200 characters
     */
    public Map<String, Object> create(long teamId, long userId, String name) {
        String label = name == null || name.isBlank() ? "API token" : name.strip();
        if (label.length() > 200) {
            throw ApiException.invalid("name", "at most 200 characters");
        }
        List<?> roles = em.createNativeQuery("SELECT role FROM warden_team_members WHERE team_id = ? AND user_id = ?")
                .setParameter(1, teamId)
                .setParameter(2, userId)
                .getResultList();
        if (roles.isEmpty()) {
            throw ApiException.notFound("User " + userId + " is not a member of team " + teamId);
        }
        String role = String.valueOf(roles.get(0));
        if (!"owner".equals(role) && !"admin".equals(role)) {
            throw ApiException.conflict("Tokens are created for an owner or admin of the team; this member is '" + role
                    + "' (a token stops working when its creator is not an owner or admin)");
        }
        String token = TokenService.PREFIX + Hashing.randomToken(32);
        String prefix = token.substring(0, PREFIX_LENGTH);
        Number id = (Number) em.createNativeQuery(
                        """
                        INSERT INTO warden_api_tokens (team_id, created_by, name, token_hash, token_prefix)
                        VALUES (?, ?, ?, ?, ?) RETURNING id""")
                .setParameter(1, teamId)
                .setParameter(2, userId)
                .setParameter(3, label)
                .setParameter(4, Hashing.sha256Hex(token))
                .setParameter(5, prefix)
                .getSingleResult();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", id.longValue());
        out.put("name", label);
        out.put("team_id", teamId);
        out.put("created_by", userId);
        out.put("token_prefix", prefix);
        out.put("token", token);
        out.put("notice", "Copy the token now: it is shown once only.");
        return out;
    }

    /**
     * Creates a token for the team membership {@code memberId} (the member becomes its creator).
     *
     * @throws ApiException 404 for an unknown membership; see {@link #create(long, long, String)}
     */
    public Map<String, Object> createForMember(long memberId, String name) {
        List<?> rows = em.createNativeQuery("SELECT team_id, user_id FROM warden_team_members WHERE id = ?")
                .setParameter(1, memberId)
                .getResultList();
        if (rows.isEmpty()) {
            throw ApiException.notFound("No team member " + memberId);
        }
        Object[] row = (Object[]) rows.get(0);
        return create(((Number) row[0]).longValue(), ((Number) row[1]).longValue(), name);
    }

    /**
     * Revokes token {@code tokenId} at once (Authentication, rule 4): sets {@code revoked_at} and {@code revoked_by}.
     * Revoking a revoked token changes nothing.
     *
     * @param operatorId the panel user revoking it (kept in {@code revoked_by})
     * @return {@code {id, revoked: true|false}}: false when it was already revoked
     * @throws ApiException 404 for an unknown token
     */
    public Map<String, Object> revoke(long tokenId, Long operatorId) {
        int changed = em.createNativeQuery(
                        """
                        UPDATE warden_api_tokens SET revoked_at = now(), revoked_by = ?
                        WHERE id = ? AND revoked_at IS NULL""")
                .setParameter(1, operatorId)
                .setParameter(2, tokenId)
                .executeUpdate();
        if (changed == 0
                && em.createNativeQuery("SELECT 1 FROM warden_api_tokens WHERE id = ?")
                        .setParameter(1, tokenId)
                        .getResultList()
                        .isEmpty()) {
            throw ApiException.notFound("No API token " + tokenId);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", tokenId);
        out.put("revoked", changed == 1);
        return out;
    }
}
