package dev.warden.auth.sso;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import com.nimbusds.oauth2.sdk.GeneralException;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.nimbusds.openid.connect.sdk.claims.IDTokenClaimsSet;
import com.nimbusds.openid.connect.sdk.claims.LogoutTokenClaimsSet;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import com.nimbusds.openid.connect.sdk.validators.IDTokenValidator;
import com.nimbusds.openid.connect.sdk.validators.LogoutTokenValidator;
import dev.warden.auth.SsoSettings;
import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Logger;

/**
 * The configured OpenID Connect provider: its metadata from
 * {@code <issuer>/.well-known/openid-configuration} (Nimbus {@link OIDCProviderMetadata#resolve}, which checks that
 * the document names the configured issuer), its signing keys from {@code jwks_uri} (cached, refetched for an
 * unknown key id) and the validation of ID tokens and back-channel logout tokens against them. Metadata is kept for
 * an hour; when the provider cannot be reached the last metadata is used.
 */
@ApplicationScoped
public class OidcProvider {

    private static final Logger LOG = Logger.getLogger(OidcProvider.class.getName());
    private static final Duration METADATA_TTL = Duration.ofHours(1);
    private static final int TIMEOUT_MS = 5000;
    /** Allowed difference between the provider's clock and ours, in seconds. */
    private static final int CLOCK_SKEW_SECONDS = 60;

    @Inject
    SsoSettings settings;

    private volatile Loaded loaded;

    private record Loaded(String issuer, OIDCProviderMetadata metadata, JWKSource<SecurityContext> keys, Instant at) {}

    /**
     * The provider's metadata.
     *
     * @throws ApiException 404 when SSO is off; 503 {@code unavailable} when the discovery document cannot be read
     *                      and none was read before
     */
    public OIDCProviderMetadata metadata() {
        return load().metadata();
    }

    /**
     * Validates an ID token (signature against the provider's keys, {@code iss}, {@code aud} = client id,
     * {@code exp}, {@code iat}, {@code nonce}).
     *
     * @throws BadJOSEException for a token that fails a check
     */
    public IDTokenClaimsSet validateIdToken(JWT idToken, Nonce nonce) throws BadJOSEException, JOSEException {
        Loaded l = load();
        IDTokenValidator validator = new IDTokenValidator(
                l.metadata().getIssuer(),
                new ClientID(settings.clientId()),
                new JWSVerificationKeySelector<>(algorithms(l.metadata().getIDTokenJWSAlgs()), l.keys()),
                null);
        validator.setMaxClockSkew(CLOCK_SKEW_SECONDS);
        return validator.validate(idToken, nonce);
    }

    /**
     * Validates a back-channel logout token (OpenID Connect Back-Channel Logout 1.0, section 2.6: signature,
     * {@code iss}, {@code aud} = client id, {@code iat}, the {@code events} claim, {@code sub} or {@code sid}, no
     * {@code nonce}).
     *
     * @throws BadJOSEException for a token that fails a check
     */
    public LogoutTokenClaimsSet validateLogoutToken(JWT logoutToken) throws BadJOSEException, JOSEException {
        Loaded l = load();
        LogoutTokenValidator validator = new LogoutTokenValidator(
                l.metadata().getIssuer(),
                new ClientID(settings.clientId()),
                false,
                new JWSVerificationKeySelector<>(algorithms(l.metadata().getIDTokenJWSAlgs()), l.keys()),
                null);
        validator.setMaxClockSkew(CLOCK_SKEW_SECONDS);
        return validator.validate(logoutToken);
    }

    /**
     * Validates a JWT access token (docs/sso.md, "Machine access"): signature against the provider's
     * keys, {@code typ} absent, {@code JWT}, {@code at+jwt} or {@code application/at+jwt} (RFC 9068), {@code iss} = the
     * provider's issuer, {@code aud} containing {@code audience}, {@code exp} in the future (60 s skew), {@code sub}
     * present, and no {@code nonce} claim: a token with one is an ID token, never an API credential.
     *
     * @return the token's claims
     * @throws BadJOSEException for a token that fails a check
     * @throws java.text.ParseException for something that is not a JWT
     */
    public JWTClaimsSet validateAccessToken(String token, String audience)
            throws BadJOSEException, JOSEException, java.text.ParseException {
        Loaded l = load();
        DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
        processor.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(
                JOSEObjectType.JWT, new JOSEObjectType("at+jwt"), new JOSEObjectType("application/at+jwt"), null));
        processor.setJWSKeySelector(
                new JWSVerificationKeySelector<>(algorithms(l.metadata().getIDTokenJWSAlgs()), l.keys()));
        DefaultJWTClaimsVerifier<SecurityContext> verifier = new DefaultJWTClaimsVerifier<>(
                java.util.Collections.singleton(audience),
                new JWTClaimsSet.Builder()
                        .issuer(l.metadata().getIssuer().getValue())
                        .build(),
                Set.of("sub", "exp", "iat"),
                Set.of("nonce"));
        verifier.setMaxClockSkew(CLOCK_SKEW_SECONDS);
        processor.setJWTClaimsSetVerifier(verifier);
        return processor.process(token, null);
    }

    /** The issuer as the provider names it (the {@code iss} of its tokens). */
    public String issuer() {
        return load().metadata().getIssuer().getValue();
    }

    /** The asymmetric signature algorithms the provider says it uses for ID tokens; RS256 when it says none. */
    static Set<JWSAlgorithm> algorithms(List<JWSAlgorithm> advertised) {
        Set<JWSAlgorithm> out = new LinkedHashSet<>();
        if (advertised != null) {
            for (JWSAlgorithm alg : advertised) {
                if (JWSAlgorithm.Family.SIGNATURE.contains(alg)) {
                    out.add(alg);
                }
            }
        }
        if (out.isEmpty()) {
            out.add(JWSAlgorithm.RS256);
        }
        return out;
    }

    private Loaded load() {
        String issuer = settings.issuer()
                .filter(i -> settings.ssoEnabled())
                .orElseThrow(() -> ApiException.notFound("Single sign-on is not configured on this Warden"));
        Loaded current = loaded;
        if (current != null
                && current.issuer().equals(issuer)
                && current.at().plus(METADATA_TTL).isAfter(Instant.now())) {
            return current;
        }
        synchronized (this) {
            current = loaded;
            if (current != null
                    && current.issuer().equals(issuer)
                    && current.at().plus(METADATA_TTL).isAfter(Instant.now())) {
                return current;
            }
            try {
                OIDCProviderMetadata metadata =
                        OIDCProviderMetadata.resolve(new Issuer(issuer), TIMEOUT_MS, TIMEOUT_MS);
                JWKSource<SecurityContext> keys = JWKSourceBuilder.create(
                                metadata.getJWKSetURI().toURL(),
                                new DefaultResourceRetriever(TIMEOUT_MS, TIMEOUT_MS, 512 * 1024))
                        .build();
                loaded = new Loaded(issuer, metadata, keys, Instant.now());
                LOG.info(() -> "Single sign-on: read the metadata of " + issuer);
                return loaded;
            } catch (GeneralException | IOException | RuntimeException e) {
                LOG.warning(() -> "Single sign-on: cannot read " + issuer + "/.well-known/openid-configuration: " + e);
                if (current != null && current.issuer().equals(issuer)) {
                    return current;
                }
                throw new ApiException(
                        ErrorCode.UNAVAILABLE, "The sign-in provider cannot be reached; try again later");
            }
        }
    }
}
