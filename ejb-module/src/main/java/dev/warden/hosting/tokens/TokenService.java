package dev.warden.hosting.tokens;

import dev.warden.common.ApiException;
import dev.warden.common.Hashing;
import dev.warden.hosting.tokens.model.ApiToken;
import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Checks hosting API tokens (docs/hosting-api.md, "Requirements: Authentication"; docs/architecture.md, "Requirements: Hosting side").
 *
 * <p>A token is {@code wdn_} followed by random base64url text; only its SHA-256 (hex) is stored. It is
 * valid while it is not revoked and its creator is still an {@code owner} or {@code admin} member of the
 * token's team: a creator who leaves or is demoted invalidates it at once, with no job to run.
 */
@Stateless
public class TokenService {

    /** Every token starts with this. */
    public static final String PREFIX = "wdn_";

    private static final Duration LAST_USED_RESOLUTION = Duration.ofMinutes(1);

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    /**
     * The access a bearer token grants, and a last-used stamp (written at most once a minute per token).
     *
     * @throws ApiException 401 {@code unauthenticated} when the token is missing, malformed, unknown,
     *                      revoked or its creator lost owner/admin membership of the team
     */
    public TeamAccess authenticate(String token) {
        checkFormat(token);
        List<ApiToken> found = em.createQuery(
                        """
                        SELECT t FROM ApiToken t
                        WHERE t.tokenHash = :hash AND t.revokedAt IS NULL
                          AND EXISTS (SELECT m FROM TeamMember m
                                      WHERE m.team = t.team AND m.user = t.createdBy AND m.role IN ('owner', 'admin'))""",
                        ApiToken.class)
                .setParameter("hash", Hashing.sha256Hex(token))
                .getResultList();
        if (found.isEmpty()) {
            throw notValid();
        }
        ApiToken apiToken = found.get(0);
        Instant now = Instant.now();
        if (apiToken.getLastUsedAt() == null
                || apiToken.getLastUsedAt().plus(LAST_USED_RESOLUTION).isBefore(now)) {
            apiToken.setLastUsedAt(now);
        }
        return new TeamAccess(apiToken.getTeam().getId(), apiToken.getId());
    }

    /**
     * Checks what can be checked without the database: a token is present, starts with {@value #PREFIX} and is
     * at most 200 characters.
     *
     * @throws ApiException 401 {@code unauthenticated} otherwise
     */
    public static void checkFormat(String token) {
        if (token == null || token.isBlank()) {
            throw ApiException.unauthenticated("Send Authorization: Bearer <API token>");
        }
        if (!token.startsWith(PREFIX) || token.length() > 200) {
            throw ApiException.unauthenticated("The API token is not valid");
        }
    }

    /** The 401 {@code unauthenticated} of a well-formed token that is unknown, revoked or whose creator left. */
    public static ApiException notValid() {
        return ApiException.unauthenticated("The API token is not valid or has been revoked");
    }
}
