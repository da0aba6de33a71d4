package dev.warden.auth.sso;

import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.auth.ClientAuthentication;
import com.nimbusds.oauth2.sdk.auth.ClientAuthenticationMethod;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.ClientSecretPost;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.oauth2.sdk.token.AccessToken;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponseParser;
import com.nimbusds.openid.connect.sdk.UserInfoRequest;
import com.nimbusds.openid.connect.sdk.UserInfoResponse;
import com.nimbusds.openid.connect.sdk.claims.UserInfo;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import com.nimbusds.openid.connect.sdk.token.OIDCTokens;
import dev.warden.auth.SsoSettings;
import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.common.Hashing;
import jakarta.persistence.EntityManager;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The server-to-server half of a sign-in: the started sign-ins kept in
 * {@code warden_sso_requests} (the state's SHA-256, the nonce and the PKCE verifier), the code exchange at the token
 * endpoint, and the userinfo call. Nothing here logs a code, token or secret.
 */
final class SsoTokens {

    private static final Logger LOG = Logger.getLogger(SsoTokens.class.getName());
    private static final int TIMEOUT_MS = 10_000;
    /** The most started, unexpired sign-ins kept at once. */
    static final int MAX_PENDING = 10_000;

    private SsoTokens() {}

    /**
     * Keeps a started sign-in for {@code minutes}; sweeps expired ones first (docs/sso.md, "How it works").
     *
     * @throws ApiException 503 {@code unavailable} with {@code Retry-After} while {@value #MAX_PENDING} unexpired
     *     sign-ins are kept already (many addresses starting sign-ins they never finish)
     */
    static void store(EntityManager em, String state, String nonce, String verifier, int minutes) {
        em.createNativeQuery("DELETE FROM warden_sso_requests WHERE expires_at < now()")
                .executeUpdate();
        Number pending = (Number)
                em.createNativeQuery("SELECT count(*) FROM warden_sso_requests").getSingleResult();
        if (pending.longValue() >= MAX_PENDING) {
            LOG.warning("Single sign-on: " + MAX_PENDING + " started sign-ins are pending; refusing more");
            throw new ApiException(
                    ErrorCode.UNAVAILABLE,
                    "Too many sign-ins are in progress; try again in a minute",
                    Map.of(),
                    Map.of("Retry-After", "60"));
        }
        em.createNativeQuery(
                        """
                        INSERT INTO warden_sso_requests (state_hash, nonce, code_verifier, expires_at)
                        VALUES (?1, ?2, ?3, now() + make_interval(mins => ?4))""")
                .setParameter(1, Hashing.sha256Hex(state))
                .setParameter(2, nonce)
                .setParameter(3, verifier)
                .setParameter(4, minutes)
                .executeUpdate();
    }

    /** Takes (reads and deletes) the unexpired request row of {@code state}: {nonce, code_verifier}. */
    static Optional<Object[]> take(EntityManager em, String state) {
        String hash = Hashing.sha256Hex(state);
        List<?> rows = em.createNativeQuery(
                        """
                        SELECT nonce, code_verifier, expires_at > now() FROM warden_sso_requests
                        WHERE state_hash = ?1 FOR UPDATE""")
                .setParameter(1, hash)
                .getResultList();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        em.createNativeQuery("DELETE FROM warden_sso_requests WHERE state_hash = ?1")
                .setParameter(1, hash)
                .executeUpdate();
        Object[] row = (Object[]) rows.get(0);
        return Boolean.TRUE.equals(row[2]) ? Optional.of(row) : Optional.empty();
    }

    /**
     * Exchanges the code at the token endpoint (client secret by basic or post, or none: PKCE only).
     *
     * @return the tokens; null when the provider refused the code
     */
    static OIDCTokens exchange(SsoSettings settings, OIDCProviderMetadata metadata, String code, String verifier)
            throws IOException, ParseException {
        AuthorizationCodeGrant grant = new AuthorizationCodeGrant(
                new AuthorizationCode(code), URI.create(settings.redirectUrl()), new CodeVerifier(verifier));
        ClientID clientId = new ClientID(settings.clientId());
        Optional<String> secret = settings.clientSecret();
        TokenRequest request;
        if (secret.isEmpty()) {
            request = new TokenRequest(metadata.getTokenEndpointURI(), clientId, grant);
        } else {
            List<ClientAuthenticationMethod> methods = metadata.getTokenEndpointAuthMethods();
            ClientAuthentication auth = methods != null
                            && !methods.contains(ClientAuthenticationMethod.CLIENT_SECRET_BASIC)
                            && methods.contains(ClientAuthenticationMethod.CLIENT_SECRET_POST)
                    ? new ClientSecretPost(clientId, new Secret(secret.get()))
                    : new ClientSecretBasic(clientId, new Secret(secret.get()));
            request = new TokenRequest(metadata.getTokenEndpointURI(), auth, grant);
        }
        HTTPRequest http = request.toHTTPRequest();
        http.setConnectTimeout(TIMEOUT_MS);
        http.setReadTimeout(TIMEOUT_MS);
        TokenResponse response = OIDCTokenResponseParser.parse(http.send());
        if (!response.indicatesSuccess()) {
            LOG.info(() -> "Single sign-on: the token endpoint refused the code: "
                    + response.toErrorResponse().getErrorObject().getCode());
            return null;
        }
        return ((OIDCTokenResponse) response.toSuccessResponse()).getOIDCTokens();
    }

    /**
     * The claims of the provider's userinfo endpoint (OpenID Connect Core 1.0, section 5.3) for {@code accessToken}:
     * a plain JSON answer whose {@code sub} equals {@code subject} (section 5.3.2).
     *
     * @return the claims; empty when the provider has no userinfo endpoint, refuses the token, answers with a signed
     *     or encrypted JWT, or names another subject
     * @throws IOException when the endpoint cannot be reached
     * @throws ParseException when the answer is not a userinfo response
     */
    static Optional<Map<String, Object>> userInfo(
            OIDCProviderMetadata metadata, AccessToken accessToken, String subject) throws IOException, ParseException {
        URI endpoint = metadata.getUserInfoEndpointURI();
        if (endpoint == null || accessToken == null) {
            LOG.info("Single sign-on: no userinfo endpoint or no access token; groups from the ID token only");
            return Optional.empty();
        }
        HTTPRequest http = new UserInfoRequest(endpoint, accessToken).toHTTPRequest();
        http.setConnectTimeout(TIMEOUT_MS);
        http.setReadTimeout(TIMEOUT_MS);
        UserInfoResponse response = UserInfoResponse.parse(http.send());
        if (!response.indicatesSuccess()) {
            LOG.info(() -> "Single sign-on: the userinfo endpoint refused the access token: "
                    + response.toErrorResponse().getErrorObject().getCode());
            return Optional.empty();
        }
        UserInfo info = response.toSuccessResponse().getUserInfo();
        if (info == null) {
            LOG.info("Single sign-on: the userinfo answer is a JWT, which Warden does not read; configure plain JSON");
            return Optional.empty();
        }
        if (info.getSubject() == null || !subject.equals(info.getSubject().getValue())) {
            LOG.warning("Single sign-on: the userinfo answer names another subject; ignored");
            return Optional.empty();
        }
        return Optional.of(info.toJSONObject());
    }
}
