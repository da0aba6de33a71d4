package dev.warden.auth.sso;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jwt.JWT;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.nimbusds.openid.connect.sdk.claims.IDTokenClaimsSet;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import com.nimbusds.openid.connect.sdk.token.OIDCTokens;
import dev.warden.auth.Accounts;
import dev.warden.auth.AuthAudit;
import dev.warden.auth.LoginResult;
import dev.warden.auth.Role;
import dev.warden.auth.RoleGrant;
import dev.warden.auth.Sessions;
import dev.warden.auth.SsoSettings;
import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.common.WindowCounters;
import dev.warden.panel.users.model.User;
import dev.warden.rooms.CloseCodes;
import dev.warden.rooms.bus.UserSockets;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;

/**
 * OpenID Connect sign-in to the panel: the authorization code flow with PKCE
 * (S256), {@code state} and {@code nonce}, ending in an ordinary Warden session.
 *
 * <p>{@link #start} keeps the state's SHA-256, the nonce and the PKCE verifier in {@code warden_sso_requests} for
 * {@value #REQUEST_MINUTES} minutes; the web layer also puts the state in a short-lived cookie, so a callback is
 * accepted only in the browser that started it. {@link #callback} uses the row once, exchanges the code, validates
 * the ID token ({@link OidcProvider}), finds the user by (issuer, subject), provisions or links when allowed,
 * replaces the user's SSO-granted roles with the mapped ones ({@link GroupMapping}) and starts the session.
 *
 * <p>Every refusal is audited as {@code auth.login_failed} with {@code method = sso}, the provider and a
 * {@code reason}: {@code bad_state}, {@code provider_error}, {@code code_rejected}, {@code bad_nonce},
 * {@code invalid_id_token}, {@code no_role}, {@code not_provisioned}, {@code email_taken}, {@code no_email},
 * {@code banned}. No code, token, verifier or secret is audited or logged.
 */
@Stateless
public class SsoSignIn {

    private static final Logger LOG = Logger.getLogger(SsoSignIn.class.getName());
    /** How long a started sign-in may take at the provider, in minutes. */
    public static final int REQUEST_MINUTES = 10;
    /** The window of the per-address start limit, in seconds. */
    static final long START_WINDOW_SECONDS = 60;

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @Inject
    SsoSettings settings;

    @Inject
    OidcProvider provider;

    @EJB
    Sessions sessions;

    @Inject
    AuthAudit audit;

    @EJB
    WindowCounters counters;

    @EJB
    UserSockets userSockets;

    /**
     * A started sign-in: where to send the browser and the state to keep in its cookie.
     *
     * @param location the provider's authorization URL with every parameter
     * @param state    the {@code state} value
     * @param ttl      how long the sign-in may take
     */
    public record Started(URI location, String state, Duration ttl) {}

    /**
     * The end of a callback: a session, or a refusal.
     *
     * @param session the new session; null when refused
     * @param reason  the refusal's reason as audited; null on success
     * @param message a sentence for the operator; null on success
     */
    public record Outcome(LoginResult session, String reason, String message) {

        static Outcome refused(String reason, String message) {
            return new Outcome(null, reason, message);
        }

        /** True when a session was made. */
        public boolean ok() {
            return session != null;
        }
    }

    /**
     * Starts a sign-in: a new state, nonce and PKCE verifier, stored; expired rows are swept. Each call from an address
     * counts in a one-minute window ({@code warden.sso.start-max-per-ip}, default 30; docs/sso.md, "How it works").
     *
     * @param ip the client address; null counts nowhere
     * @throws dev.warden.common.ApiException 404 when SSO is off; 429 {@code rate_limited} with {@code Retry-After}
     *     past the per-address limit; 503 when the provider cannot be reached or too many sign-ins are pending
     */
    public Started start(String ip) {
        OIDCProviderMetadata metadata = provider.metadata();
        if (ip != null) {
            String key = "sso-start-ip:" + ip;
            WindowCounters.Count count =
                    counters.hit(List.of(key), START_WINDOW_SECONDS).get(key);
            if (count.hits() > settings.startMaxPerIp()) {
                throw new ApiException(
                        ErrorCode.RATE_LIMITED,
                        "Too many sign-in attempts from this address; try again later",
                        Map.of(),
                        Map.of("Retry-After", Long.toString(count.retryAfterSeconds())));
            }
        }
        State state = new State();
        Nonce nonce = new Nonce();
        CodeVerifier verifier = new CodeVerifier();
        SsoTokens.store(em, state.getValue(), nonce.getValue(), verifier.getValue(), REQUEST_MINUTES);
        AuthenticationRequest request = new AuthenticationRequest.Builder(
                        new ResponseType(ResponseType.Value.CODE),
                        Scope.parse(settings.scopes()),
                        new ClientID(settings.clientId()),
                        URI.create(settings.redirectUrl()))
                .endpointURI(metadata.getAuthorizationEndpointURI())
                .state(state)
                .nonce(nonce)
                .codeChallenge(verifier, CodeChallengeMethod.S256)
                .build();
        return new Started(request.toURI(), state.getValue(), Duration.ofMinutes(REQUEST_MINUTES));
    }

    /**
     * Completes a sign-in from the provider's redirect.
     *
     * @param code         the {@code code} parameter, may be null
     * @param state        the {@code state} parameter, may be null
     * @param browserState the state from the browser's cookie, may be null
     * @param error        the provider's {@code error} parameter, null when none
     * @param ip           client address for the session and the audit entry, may be null
     * @param userAgent    {@code User-Agent} for the session and the audit entry, may be null
     * @throws dev.warden.common.ApiException 404 when SSO is off; 503 when the provider cannot be reached
     */
    public Outcome callback(String code, String state, String browserState, String error, String ip, String userAgent) {
        OIDCProviderMetadata metadata = provider.metadata();
        Optional<Object[]> request = state == null || state.isBlank() ? Optional.empty() : SsoTokens.take(em, state);
        if (request.isEmpty() || browserState == null || !browserState.equals(state)) {
            return refuse(
                    null,
                    null,
                    "bad_state",
                    "This sign-in link is unknown, used or expired; start again",
                    ip,
                    userAgent);
        }
        if (error != null) {
            return refuse(
                    null,
                    null,
                    "provider_error",
                    "The sign-in provider refused the sign-in (" + SsoClaims.clip(error) + ")",
                    ip,
                    userAgent);
        }
        if (code == null || code.isBlank()) {
            return refuse(null, null, "code_rejected", "The sign-in provider sent no code; start again", ip, userAgent);
        }
        OIDCTokens tokens;
        try {
            tokens = SsoTokens.exchange(settings, metadata, code, (String) request.get()[1]);
        } catch (IOException | ParseException | RuntimeException e) {
            LOG.info(() ->
                    "Single sign-on: the code exchange failed: " + e.getClass().getSimpleName());
            return refuse(
                    null,
                    null,
                    "code_rejected",
                    "The sign-in provider did not accept the sign-in; start again",
                    ip,
                    userAgent);
        }
        JWT idToken = tokens == null ? null : tokens.getIDToken();
        if (idToken == null) {
            return refuse(
                    null,
                    null,
                    "code_rejected",
                    "The sign-in provider did not accept the sign-in; start again",
                    ip,
                    userAgent);
        }
        String expectedNonce = (String) request.get()[0];
        IDTokenClaimsSet claims;
        try {
            Object sentNonce = idToken.getJWTClaimsSet().getClaim("nonce");
            if (!expectedNonce.equals(sentNonce)) {
                return refuse(
                        null,
                        null,
                        "bad_nonce",
                        "The sign-in answer does not belong to this sign-in; start again",
                        ip,
                        userAgent);
            }
            claims = provider.validateIdToken(idToken, new Nonce(expectedNonce));
        } catch (java.text.ParseException | BadJOSEException | JOSEException e) {
            LOG.info(() -> "Single sign-on: ID token refused: " + e.getMessage());
            return refuse(
                    null,
                    null,
                    "invalid_id_token",
                    "The sign-in provider's answer could not be verified",
                    ip,
                    userAgent);
        }
        return signIn(claims, groups(metadata, claims, tokens), ip, userAgent);
    }

    /**
     * The provider groups of the person: from the ID token's groups claim, or from the userinfo endpoint when the ID
     * token has no such claim ({@code warden.sso.userinfo-groups=missing}, the default) or always ({@code always});
     * {@code never} reads only the ID token. A userinfo call that fails leaves the ID token's groups.
     */
    private List<String> groups(OIDCProviderMetadata metadata, IDTokenClaimsSet claims, OIDCTokens tokens) {
        Map<String, Object> idClaims = claims.toJSONObject();
        String path = settings.groupsClaim();
        String mode = settings.userinfoGroups();
        boolean ask = "always".equals(mode) || ("missing".equals(mode) && !SsoClaims.has(idClaims, path));
        if (ask) {
            try {
                Optional<Map<String, Object>> info = SsoTokens.userInfo(
                        metadata, tokens.getAccessToken(), claims.getSubject().getValue());
                if (info.isPresent() && SsoClaims.has(info.get(), path)) {
                    return SsoClaims.groups(info.get(), path);
                }
            } catch (IOException | ParseException | RuntimeException e) {
                LOG.info(() -> "Single sign-on: the userinfo call failed: "
                        + e.getClass().getSimpleName());
            }
        }
        return SsoClaims.groups(idClaims, path);
    }

    /** Signs in the person the validated {@code claims} describe. */
    private Outcome signIn(IDTokenClaimsSet claims, List<String> groups, String ip, String userAgent) {
        String issuer = claims.getIssuer().getValue();
        String subject = claims.getSubject().getValue();
        String email = SsoClaims.string(claims.toJSONObject(), "email");
        boolean emailVerified = Boolean.TRUE.equals(claims.getBooleanClaim("email_verified"));
        Set<RoleGrant> grants;
        try {
            grants = GroupMapping.parse(settings.roleMapping())
                    .grantsFor(
                            groups,
                            settings.defaultRole().flatMap(Role::fromWire).filter(r -> r != Role.MOD));
        } catch (IllegalArgumentException e) {
            LOG.warning(e::getMessage);
            return refuse(
                    null, email, "no_role", "Single sign-on is misconfigured (warden.sso.role-mapping)", ip, userAgent);
        }
        User user = SsoIdentities.find(em, issuer, subject);
        if (user == null) {
            User byEmail = email == null ? null : Accounts.findByEmail(em, email);
            if (byEmail != null) {
                if (!(emailVerified && settings.linkVerifiedEmail())) {
                    return refuse(
                            null,
                            email,
                            "email_taken",
                            "An account with this email exists and is not linked to " + settings.providerName()
                                    + "; ask an admin",
                            ip,
                            userAgent);
                }
                if (grants.isEmpty()) {
                    return refuse(byEmail.getId(), email, "no_role", noRoleMessage(), ip, userAgent);
                }
                if (Accounts.isBanned(byEmail.getBan(), Instant.now())) {
                    return refuse(byEmail.getId(), email, "banned", "This account is banned", ip, userAgent);
                }
                user = byEmail;
                SsoIdentities.link(em, user, issuer, subject);
                takeOver(user, ip, userAgent);
            } else {
                if (grants.isEmpty()) {
                    return refuse(null, email, "no_role", noRoleMessage(), ip, userAgent);
                }
                if (!settings.provisioning()) {
                    return refuse(
                            null, email, "not_provisioned", "You have no Warden account; ask an admin", ip, userAgent);
                }
                if (email == null || email.isBlank() || email.length() > Accounts.MAX_EMAIL) {
                    return refuse(null, null, "no_email", "The sign-in provider sent no email address", ip, userAgent);
                }
                user = new User();
                user.setEmail(email.strip());
                String name = SsoClaims.string(claims.toJSONObject(), "name");
                user.setDisplayName(name == null || name.isBlank() ? null : Accounts.truncate(name.strip(), 200));
                em.persist(user);
                em.flush();
                SsoIdentities.link(em, user, issuer, subject);
                LOG.info("Single sign-on: provisioned user " + user.getId());
            }
        } else {
            if (Accounts.isBanned(user.getBan(), Instant.now())) {
                return refuse(user.getId(), user.getEmail(), "banned", "This account is banned", ip, userAgent);
            }
            if (grants.isEmpty()) {
                SsoIdentities.replaceRoles(em, user.getId(), grants);
                return refuse(user.getId(), user.getEmail(), "no_role", noRoleMessage(), ip, userAgent);
            }
        }
        SsoIdentities.replaceRoles(em, user.getId(), grants);
        SsoIdentities.touch(em, issuer, subject);
        user.setLastLoginAt(Instant.now());
        LoginResult result = sessions.markSso(
                sessions.start(user, ip, userAgent),
                issuer,
                claims.getSessionID() == null ? null : claims.getSessionID().getValue());
        if (SsoClaims.amrShowsFactor(claims.toJSONObject())) {
            sessions.markFactor(result.operator().sessionId());
        }
        audit.record("auth.login", user.getId(), user.getEmail(), ip, userAgent, details(null));
        return new Outcome(result, null, null);
    }

    /**
     * Makes a row linked by verified email the provider's user alone (docs/decisions/sso-email-link.md): its password
     * is cleared and every session of it ends (panel sessions and player tokens: token version moved on, rows
     * deleted; open game sockets closed with 4003 on every node), audited as {@code auth.sso_link}. Whoever created
     * the row before (e.g. through the game API's registration, which verifies no email) keeps no way in.
     */
    private void takeOver(User user, String ip, String userAgent) {
        boolean hadPassword = user.getPasswordHash() != null;
        long ended = ((Number) em.createNativeQuery("SELECT count(*) FROM warden_sessions WHERE user_id = ?1")
                        .setParameter(1, user.getId())
                        .getSingleResult())
                .longValue();
        user.setPasswordHash(null);
        sessions.endAll(user);
        ended += userSockets.closeUser(user.getId(), CloseCodes.BANNED);
        LOG.info("Single sign-on: linked user " + user.getId() + " by its verified email; password cleared: "
                + hadPassword + ", sessions ended: " + ended);
        Map<String, String> extra = details(null);
        extra.put("password_cleared", Boolean.toString(hadPassword));
        extra.put("sessions_ended", Long.toString(ended));
        audit.record("auth.sso_link", user.getId(), user.getEmail(), ip, userAgent, extra);
    }

    private String noRoleMessage() {
        return "Your groups at " + settings.providerName() + " give no role in Warden; ask an admin";
    }

    private Outcome refuse(Long userId, String email, String reason, String message, String ip, String userAgent) {
        LOG.info(() -> "Single sign-on refused: " + reason + (userId == null ? "" : " (user " + userId + ")"));
        audit.record("auth.login_failed", userId, email, ip, userAgent, details(reason));
        return Outcome.refused(reason, message);
    }

    private Map<String, String> details(String reason) {
        Map<String, String> extra = new LinkedHashMap<>();
        extra.put("method", "sso");
        extra.put("provider", settings.providerName());
        extra.put("reason", reason);
        return extra;
    }
}
