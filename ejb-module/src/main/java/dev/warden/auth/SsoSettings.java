package dev.warden.auth;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Single sign-on settings (docs/sso.md, docs/configuration.md), read from MicroProfile Config (so also
 * from the environment: {@code WARDEN_SSO_ISSUER} for {@code warden.sso.issuer}). The OpenID Connect flow itself
 * lives in {@code dev.warden.auth.sso}; this class is here because the password routes and {@link Sessions} need
 * the mode and the maximum SSO session age.
 *
 * <ul>
 *   <li>{@code warden.sso.mode}: {@code password} (default), {@code sso} or {@code both};</li>
 *   <li>{@code warden.sso.issuer}, {@code warden.sso.client-id}, {@code warden.sso.client-secret},
 *       {@code warden.sso.scopes} (default {@code openid email profile}), {@code warden.sso.groups-claim}
 *       (default {@code groups}; a dotted path walks nested objects), {@code warden.sso.userinfo-groups}
 *       ({@code missing}, the default: groups from the userinfo endpoint when the ID token lacks the claim;
 *       {@code always}; {@code never}), {@code warden.sso.redirect-url}
 *       (default {@code <warden.public-url>/admin-api/auth/sso/callback}), {@code warden.sso.provider-name}
 *       (default {@code SSO}), {@code warden.sso.post-logout-url} (default {@code <warden.public-url>/admin/});</li>
 *   <li>{@code warden.sso.role-mapping} ({@code group=role[:scope,scope];...}), {@code warden.sso.default-role},
 *       {@code warden.sso.provisioning} (default true), {@code warden.sso.link-verified-email} (default false);</li>
 *   <li>{@code warden.sso.max-session-hours} (default 8, fractions allowed);</li>
 *   <li>{@code warden.sso.bearer.enabled} (default false), {@code warden.sso.bearer.audience} (no default: without
 *       it every bearer token is refused): JWT access tokens on {@code /admin-api}
 *       (docs/decisions/sso-bearer-access-tokens.md);</li>
 *   <li>{@code warden.sso.start-max-per-ip} (default 30): sign-in starts per client address a minute.</li>
 * </ul>
 */
@ApplicationScoped
public class SsoSettings {

    @Inject
    @ConfigProperty(name = "warden.sso.bearer.enabled", defaultValue = "false")
    boolean bearerEnabled;

    @Inject
    @ConfigProperty(name = "warden.sso.bearer.audience")
    Optional<String> bearerAudience;

    /** Which sign-in methods the panel offers. */
    public enum Mode {
        /** Email and password only (the default). */
        PASSWORD,
        /** The OpenID Connect provider only: password login, bootstrap and reset answer 403. */
        SSO,
        /** Both. */
        BOTH
    }

    @Inject
    @ConfigProperty(name = "warden.sso.mode", defaultValue = "password")
    String mode;

    @Inject
    @ConfigProperty(name = "warden.sso.issuer")
    Optional<String> issuer;

    @Inject
    @ConfigProperty(name = "warden.sso.client-id")
    Optional<String> clientId;

    @Inject
    @ConfigProperty(name = "warden.sso.client-secret")
    Optional<String> clientSecret;

    @Inject
    @ConfigProperty(name = "warden.sso.scopes", defaultValue = "openid email profile")
    String scopes;

    @Inject
    @ConfigProperty(name = "warden.sso.groups-claim", defaultValue = "groups")
    String groupsClaim;

    @Inject
    @ConfigProperty(name = "warden.sso.userinfo-groups", defaultValue = "missing")
    String userinfoGroups;

    @Inject
    @ConfigProperty(name = "warden.sso.redirect-url")
    Optional<String> redirectUrl;

    @Inject
    @ConfigProperty(name = "warden.sso.post-logout-url")
    Optional<String> postLogoutUrl;

    @Inject
    @ConfigProperty(name = "warden.public-url", defaultValue = "http://localhost:9080")
    String publicUrl;

    @Inject
    @ConfigProperty(name = "warden.sso.provider-name", defaultValue = "SSO")
    String providerName;

    @Inject
    @ConfigProperty(name = "warden.sso.role-mapping", defaultValue = "")
    Optional<String> roleMapping;

    @Inject
    @ConfigProperty(name = "warden.sso.default-role")
    Optional<String> defaultRole;

    @Inject
    @ConfigProperty(name = "warden.sso.provisioning", defaultValue = "true")
    boolean provisioning;

    @Inject
    @ConfigProperty(name = "warden.sso.link-verified-email", defaultValue = "false")
    boolean linkVerifiedEmail;

    @Inject
    @ConfigProperty(name = "warden.sso.max-session-hours", defaultValue = "8")
    double maxSessionHours;

    @Inject
    @ConfigProperty(name = "warden.sso.start-max-per-ip", defaultValue = "30")
    int startMaxPerIp;

    /** The configuration key of the bearer audience, for messages. */
    public static final String BEARER_AUDIENCE_KEY = "warden.sso.bearer.audience";

    /** The configured mode; an unknown value counts as {@link Mode#PASSWORD}, and SSO modes without an issuer too. */
    public Mode mode() {
        Mode m;
        try {
            m = Mode.valueOf(mode.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            m = Mode.PASSWORD;
        }
        return m != Mode.PASSWORD && issuer().isEmpty() ? Mode.PASSWORD : m;
    }

    /** True when email and password sign-in (and bootstrap and password reset) are allowed. */
    public boolean passwordAllowed() {
        return mode() != Mode.SSO;
    }

    /** True when SSO sign-in is configured and switched on. */
    public boolean ssoEnabled() {
        return mode() != Mode.PASSWORD;
    }

    /** The message of the 403 a password route answers in SSO-only mode. */
    public String passwordOffMessage() {
        return "Password sign-in is switched off on this Warden: sign in with " + providerName() + " instead";
    }

    /** The issuer URL, without a trailing slash; empty when not configured. */
    public Optional<String> issuer() {
        return issuer.map(String::strip)
                .filter(s -> !s.isEmpty())
                .map(s -> s.endsWith("/") ? s.substring(0, s.length() - 1) : s);
    }

    /** The OAuth client id (empty string when not configured). */
    public String clientId() {
        return clientId.map(String::strip).orElse("");
    }

    /** The client secret; empty for a public client (PKCE only). Never logged. */
    public Optional<String> clientSecret() {
        return clientSecret.map(String::strip).filter(s -> !s.isEmpty());
    }

    /** The scopes asked for, space-separated; {@code openid} is always among them. */
    public String scopes() {
        String s = scopes == null ? "" : scopes.replace(',', ' ').strip();
        return (" " + s + " ").contains(" openid ") ? s : ("openid " + s).strip();
    }

    /** The claim holding the user's groups (a dotted path walks nested objects). */
    public String groupsClaim() {
        return groupsClaim.strip();
    }

    /**
     * When groups come from the provider's userinfo endpoint: {@code missing} (default: when the ID token has no
     * groups claim), {@code always} or {@code never}; an unknown value counts as {@code missing}.
     */
    public String userinfoGroups() {
        String v = userinfoGroups == null ? "" : userinfoGroups.strip().toLowerCase(Locale.ROOT);
        return v.equals("always") || v.equals("never") ? v : "missing";
    }

    /** The redirect (callback) URL registered at the provider. */
    public String redirectUrl() {
        return redirectUrl
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .orElse(trimSlash(publicUrl) + "/admin-api/auth/sso/callback");
    }

    /** Where the provider sends the browser after RP-initiated logout. */
    public String postLogoutUrl() {
        return postLogoutUrl.map(String::strip).filter(s -> !s.isEmpty()).orElse(trimSlash(publicUrl) + "/admin/");
    }

    /** The name on the sign-in button ("Sign in with ..."). */
    public String providerName() {
        return providerName == null || providerName.isBlank() ? "SSO" : providerName.strip();
    }

    /** The raw group mapping ({@code group=role[:scope,scope];...}). */
    public String roleMapping() {
        return roleMapping.orElse("");
    }

    /** The role given when the groups map to nothing; empty to refuse such users. */
    public Optional<String> defaultRole() {
        return defaultRole.map(String::strip).filter(s -> !s.isEmpty());
    }

    /** True when a first sign-in creates the user (just-in-time provisioning). */
    public boolean provisioning() {
        return provisioning;
    }

    /** True when a provider-verified email may link to an existing account on first sign-in. */
    public boolean linkVerifiedEmail() {
        return linkVerifiedEmail;
    }

    /** The longest an SSO session lasts (at least one minute). */
    public Duration maxSessionAge() {
        return Duration.ofSeconds(Math.max(60, (long) (maxSessionHours * 3600)));
    }

    /**
     * True when {@code /admin-api} accepts the provider's JWT access tokens as {@code Authorization: Bearer}
     * ({@code warden.sso.bearer.enabled}, default false; needs SSO configured).
     */
    public boolean bearerEnabled() {
        return bearerEnabled && ssoEnabled();
    }

    /**
     * The audience an access token must name ({@code warden.sso.bearer.audience}); empty when not configured, and then
     * no bearer token is accepted (there is no default: the client id is the audience of ID tokens).
     */
    public Optional<String> bearerAudience() {
        return bearerAudience.map(String::strip).filter(a -> !a.isEmpty());
    }

    /** Sign-in starts ({@code GET /admin-api/auth/sso/start}) allowed per client address a minute (at least 1). */
    public int startMaxPerIp() {
        return Math.max(1, startMaxPerIp);
    }

    private static String trimSlash(String url) {
        String u = url == null ? "" : url.strip();
        return u.endsWith("/") ? u.substring(0, u.length() - 1) : u;
    }
}
