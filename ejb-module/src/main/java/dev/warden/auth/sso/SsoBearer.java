package dev.warden.auth.sso;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jwt.JWTClaimsSet;
import dev.warden.auth.Accounts;
import dev.warden.auth.Operator;
import dev.warden.auth.Role;
import dev.warden.auth.RoleGrant;
import dev.warden.auth.SessionVerdict;
import dev.warden.auth.SsoSettings;
import dev.warden.common.ApiException;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.logging.Logger;

/**
 * Machine access to {@code /admin-api} without passwords (off by default,
 * {@code warden.sso.bearer.enabled}): an {@code Authorization: Bearer} JWT access token issued by the configured
 * provider, validated against its JWKS ({@link OidcProvider#validateAccessToken}: signature, issuer, audience
 * {@code warden.sso.bearer.audience}, expiry, an access token's {@code typ}, no {@code nonce}). Without a configured
 * audience every token is refused (docs/decisions/sso-bearer-access-tokens.md).
 *
 * <p>The token's (issuer, subject) must belong to a Warden user linked by a previous SSO sign-in (or linked by an
 * admin in {@code warden_sso_identities}); a banned user is refused. The roles come from the token's groups claim
 * through the same mapping and default role as a sign-in ({@link GroupMapping}); nothing is stored, and the
 * request has no session (it cannot be revoked other than by the token's expiry, a ban or unlinking).
 */
@Stateless
public class SsoBearer {

    private static final Logger LOG = Logger.getLogger(SsoBearer.class.getName());

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @Inject
    SsoSettings settings;

    @Inject
    OidcProvider provider;

    @jakarta.ejb.EJB
    dev.warden.auth.SecondFactors factors;

    @jakarta.ejb.EJB
    dev.warden.auth.Sessions sessions;

    /**
     * The operator a bearer access token stands for.
     *
     * @throws ApiException 401 {@code unauthenticated} when bearer tokens are off or have no configured audience (the
     *                      message names {@code warden.sso.bearer.audience}), or the token is an ID token, invalid, expired,
     *                      for another audience or issuer, names an unknown subject or a banned user, or its groups
     *                      map to no role
     */
    public Operator authenticate(String token) {
        return check(token).operator();
    }

    /**
     * {@link #authenticate} with the second-factor state (docs/security.md, "Second factors and step-up"): the
     * token's {@code amr} naming {@code mfa}, {@code hwk}, {@code otp} or {@code swk} counts as a factor proved at
     * its {@code auth_time} (else {@code iat}); otherwise the operator's own Warden factors count for the required-roles
     * rule, and step-up is due whenever they hold one (a bearer cannot step up).
     *
     * @throws ApiException as {@link #authenticate}
     */
    public SessionVerdict check(String token) {
        if (!settings.bearerEnabled()) {
            throw ApiException.unauthenticated("Bearer tokens are not accepted on /admin-api; sign in first");
        }
        String audience = settings.bearerAudience()
                .orElseThrow(() -> ApiException.unauthenticated("Bearer tokens are refused: "
                        + SsoSettings.BEARER_AUDIENCE_KEY + " (WARDEN_SSO_BEARER_AUDIENCE) is not set on this Warden"));
        JWTClaimsSet claims;
        try {
            claims = provider.validateAccessToken(token, audience);
        } catch (java.text.ParseException | BadJOSEException | JOSEException e) {
            LOG.fine(() -> "Bearer token refused: " + e.getMessage());
            throw ApiException.unauthenticated("The bearer token is not valid");
        }
        List<?> rows = em.createNativeQuery(
                        """
                        SELECT u.id, u.email, CAST(u.ban AS text) FROM warden_sso_identities i
                        JOIN warden_users u ON u.id = i.user_id WHERE i.issuer = ?1 AND i.subject = ?2""")
                .setParameter(1, claims.getIssuer())
                .setParameter(2, claims.getSubject())
                .getResultList();
        if (rows.isEmpty()) {
            throw ApiException.unauthenticated("The bearer token's subject has no Warden account; sign in with "
                    + settings.providerName() + " once first");
        }
        Object[] row = (Object[]) rows.get(0);
        if (Accounts.isBanned((String) row[2], Instant.now())) {
            throw ApiException.unauthenticated("This account is banned");
        }
        Set<RoleGrant> grants;
        try {
            grants = GroupMapping.parse(settings.roleMapping())
                    .grantsFor(
                            SsoClaims.groups(claims.toJSONObject(), settings.groupsClaim()),
                            settings.defaultRole().flatMap(Role::fromWire).filter(r -> r != Role.MOD));
        } catch (IllegalArgumentException e) {
            throw ApiException.unauthenticated("Single sign-on is misconfigured (warden.sso.role-mapping)");
        }
        if (grants.isEmpty()) {
            throw ApiException.unauthenticated("The bearer token's groups give no role in Warden");
        }
        Operator operator =
                Operator.fromGrants(((Number) row[0]).longValue(), (String) row[1], new ArrayList<>(grants), null);
        boolean holds = !factors.methods(operator.userId()).isEmpty();
        if (SsoClaims.amrShowsFactor(claims.toJSONObject())) {
            Object authTime = claims.getClaim("auth_time");
            Instant provedAt = authTime instanceof Number n
                    ? Instant.ofEpochSecond(n.longValue())
                    : claims.getIssueTime() == null
                            ? null
                            : claims.getIssueTime().toInstant();
            return SessionVerdict.of(operator, false, sessions.stepUpDue(holds, provedAt, Instant.now()));
        }
        return SessionVerdict.of(
                operator, sessions.enrollmentDue(operator, holds), sessions.stepUpDue(holds, null, Instant.now()));
    }
}
