package dev.warden.auth.sso;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.openid.connect.sdk.claims.LogoutTokenClaimsSet;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import dev.warden.auth.AuthAudit;
import dev.warden.auth.Sessions;
import dev.warden.auth.SignIn;
import dev.warden.auth.SsoSettings;
import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.panel.users.model.User;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;

/**
 * Ending sessions with the provider: OpenID Connect Back-Channel Logout 1.0 (the provider
 * POSTs a signed {@code logout_token}; the sessions it names end at once) and RP-initiated logout (the Warden session
 * ends, then the browser goes to the provider's {@code end_session_endpoint} when it has one).
 *
 * <p>A logout token naming a {@code sid} ends the sessions made with that provider session; one naming only a
 * {@code sub}, or a {@code sid} no Warden session was made with, ends every session of the user linked to that
 * subject (token version bumped, as revoke-sessions does). A logout token is accepted once: its {@code jti} is
 * remembered in PostgreSQL for as long as the token could be accepted ({@link #MAX_TOKEN_AGE_SECONDS} after its
 * {@code iat}), so a replay to any node is refused. Each user whose sessions end gets an {@code auth.logout} audit entry with {@code method = sso},
 * {@code provider} and {@code reason = back_channel}.
 */
@Stateless
public class SsoLogout {

    private static final Logger LOG = Logger.getLogger(SsoLogout.class.getName());
    /** How old a logout token may be when it arrives, in seconds (its {@code iat} to now). */
    static final int MAX_TOKEN_AGE_SECONDS = 300;
    /** Allowed difference between the provider's clock and ours, in seconds. */
    private static final int SKEW_SECONDS = 60;
    /** The most logout tokens remembered at once. */
    static final int MAX_LIVE_TOKENS = 10_000;
    /** The longest {@code jti} accepted, in characters. */
    private static final int MAX_JTI = 256;

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @Inject
    SsoSettings settings;

    @Inject
    OidcProvider provider;

    @EJB
    Sessions sessions;

    @EJB
    SignIn signIn;

    @Inject
    AuthAudit audit;

    /**
     * Handles a back-channel logout request.
     *
     * @param logoutToken the {@code logout_token} form parameter
     * @return how many users' sessions ended (0 when the token names no known session or user)
     * @throws ApiException 400 {@code bad_request} for a missing, malformed or invalid token (bad signature,
     *                      wrong issuer or audience, no logout event, expired, older than
     *                      {@value #MAX_TOKEN_AGE_SECONDS} s, or a {@code jti} used before); 404 when SSO is off
     */
    public int backChannel(String logoutToken, String ip, String userAgent) {
        provider.metadata();
        if (logoutToken == null || logoutToken.isBlank()) {
            throw ApiException.badRequest("logout_token is required");
        }
        LogoutTokenClaimsSet claims;
        try {
            claims = provider.validateLogoutToken(JWTParser.parse(logoutToken.strip()));
        } catch (java.text.ParseException | BadJOSEException | JOSEException e) {
            LOG.info(() -> "Single sign-on: back-channel logout token refused: " + e.getMessage());
            throw ApiException.badRequest("The logout_token is not valid");
        }
        String issuer = claims.getIssuer().getValue();
        accept(issuer, claims);
        Set<Long> users = new LinkedHashSet<>();
        if (claims.getSessionID() != null) {
            users.addAll(sessions.endSsoSessions(issuer, claims.getSessionID().getValue()));
        }
        if (users.isEmpty() && claims.getSubject() != null) {
            List<?> ids = em.createNativeQuery(
                            "SELECT user_id FROM warden_sso_identities WHERE issuer = ?1 AND subject = ?2")
                    .setParameter(1, issuer)
                    .setParameter(2, claims.getSubject().getValue())
                    .getResultList();
            for (Object id : ids) {
                User user = em.find(User.class, ((Number) id).longValue());
                if (user != null) {
                    sessions.endAll(user);
                    users.add(user.getId());
                }
            }
        }
        for (Long id : users) {
            User user = em.find(User.class, id);
            audit.record(
                    "auth.logout",
                    id,
                    user == null ? null : user.getEmail(),
                    ip,
                    userAgent,
                    Map.of("method", "sso", "provider", settings.providerName(), "reason", "back_channel"));
        }
        LOG.info(() -> "Single sign-on: back-channel logout ended the sessions of " + users.size() + " user(s)");
        return users.size();
    }

    /**
     * Accepts a logout token once (Back-Channel Logout 1.0, section 2.6, step 8): refuses one issued more than
     * {@value #MAX_TOKEN_AGE_SECONDS} s ago (plus the skew) or in the future, then records its (issuer, {@code jti}) in
     * {@code warden_sso_logout_jti} until it would be too old anyway; a pair already there is a replay. Shared by every
     * node; concurrent replays of one token wait on the primary key and only the first one wins.
     *
     * @throws ApiException 400 for a token without {@code jti}, too old, or already used; 503 {@code unavailable} when
     *                      {@value #MAX_LIVE_TOKENS} tokens are already being remembered (a provider gone wild)
     */
    private void accept(String issuer, LogoutTokenClaimsSet claims) {
        String jti = claims.getJWTID() == null ? null : claims.getJWTID().getValue();
        Date iat = claims.getIssueTime();
        if (jti == null || jti.isBlank() || jti.length() > MAX_JTI || iat == null) {
            throw ApiException.badRequest("The logout_token is not valid");
        }
        long age = Instant.now().getEpochSecond() - iat.toInstant().getEpochSecond();
        if (age > MAX_TOKEN_AGE_SECONDS + SKEW_SECONDS || age < -SKEW_SECONDS) {
            LOG.info(() -> "Single sign-on: back-channel logout token refused: issued " + age + " s ago");
            throw ApiException.badRequest("The logout_token is too old");
        }
        em.createNativeQuery("DELETE FROM warden_sso_logout_jti WHERE expires_at < now()")
                .executeUpdate();
        Number live = (Number)
                em.createNativeQuery("SELECT count(*) FROM (SELECT 1 FROM warden_sso_logout_jti LIMIT ?1) AS t")
                        .setParameter(1, MAX_LIVE_TOKENS)
                        .getSingleResult();
        if (live.intValue() >= MAX_LIVE_TOKENS) {
            LOG.warning("Single sign-on: " + MAX_LIVE_TOKENS + " logout tokens in the last minutes; refusing more");
            throw new ApiException(ErrorCode.UNAVAILABLE, "Too many logout tokens; try again later");
        }
        int inserted = em.createNativeQuery(
                        """
                        INSERT INTO warden_sso_logout_jti (issuer, jti, expires_at)
                        VALUES (?1, ?2, to_timestamp(?3) + make_interval(secs => ?4))
                        ON CONFLICT DO NOTHING""")
                .setParameter(1, issuer)
                .setParameter(2, jti)
                .setParameter(3, iat.toInstant().getEpochSecond())
                .setParameter(4, MAX_TOKEN_AGE_SECONDS + SKEW_SECONDS)
                .executeUpdate();
        if (inserted == 0) {
            LOG.info("Single sign-on: back-channel logout token refused: its jti was used before");
            throw ApiException.badRequest("The logout_token was used before");
        }
    }

    /**
     * RP-initiated logout: ends the session behind {@code cookieValue} (audited as {@code auth.logout}) and says where
     * the browser goes next: the provider's {@code end_session_endpoint} with {@code client_id} and
     * {@code post_logout_redirect_uri} when the session was made by SSO and the provider offers one, else
     * {@code warden.sso.post-logout-url}.
     */
    public URI logout(String cookieValue, String ip, String userAgent) {
        boolean viaSso = sessions.method(cookieValue).map("sso"::equals).orElse(false);
        signIn.logout(cookieValue, ip, userAgent);
        URI after = URI.create(settings.postLogoutUrl());
        if (!viaSso || !settings.ssoEnabled()) {
            return after;
        }
        try {
            OIDCProviderMetadata metadata = provider.metadata();
            URI end = metadata.getEndSessionEndpointURI();
            if (end == null) {
                return after;
            }
            String query = "client_id=" + URLEncoder.encode(settings.clientId(), StandardCharsets.UTF_8)
                    + "&post_logout_redirect_uri=" + URLEncoder.encode(after.toString(), StandardCharsets.UTF_8);
            String base = end.toString();
            return URI.create(base + (base.contains("?") ? "&" : "?") + query);
        } catch (ApiException e) {
            return after;
        }
    }
}
