package dev.warden.auth;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Second-factor settings (docs/configuration.md, "Second factors"): {@code warden.mfa.required-roles} (comma-separated
 * roles that must hold a factor; default {@code admin}; {@code none} or empty for no role),
 * {@code warden.mfa.step-up-seconds} (default 300), {@code warden.mfa.issuer} (the authenticator app's label,
 * default {@code Warden}) and {@code warden.mfa.encryption-key} (base64 of 16, 24 or 32 bytes; else the key
 * generated in the database). Passkeys: the relying-party id is the host of {@code warden.public-url} (env
 * {@code WARDEN_PUBLIC_URL}) and the one allowed origin is that URL's scheme, host and port (docs/configuration.md,
 * "Second factors").
 */
@ApplicationScoped
public class MfaSettings {

    @Inject
    @ConfigProperty(name = "warden.mfa.required-roles", defaultValue = "admin")
    String requiredRoles;

    @Inject
    @ConfigProperty(name = "warden.mfa.step-up-seconds", defaultValue = "300")
    long stepUpSeconds;

    @Inject
    @ConfigProperty(name = "warden.mfa.issuer", defaultValue = "Warden")
    String issuer;

    @Inject
    @ConfigProperty(name = "warden.mfa.encryption-key")
    Optional<String> encryptionKey;

    @Inject
    @ConfigProperty(name = "warden.public-url", defaultValue = "http://localhost:9080")
    String publicUrl;

    /** The passkeys' relying-party id: the host of {@code warden.public-url}, lower case. */
    public String rpId() {
        return URI.create(publicUrl.strip()).getHost().toLowerCase(Locale.ROOT);
    }

    /** The origin passkey ceremonies must come from: {@code warden.public-url}'s scheme, host and port. */
    public String origin() {
        URI uri = URI.create(publicUrl.strip());
        return uri.getScheme().toLowerCase(Locale.ROOT) + "://" + rpId()
                + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
    }

    /** The roles that must hold a second factor. */
    public Set<Role> requiredRoles() {
        return parseRoles(requiredRoles);
    }

    /** How long a proved factor lets the session pass step-up routes. */
    public Duration stepUpWindow() {
        return Duration.ofSeconds(Math.max(0, stepUpSeconds));
    }

    /** The issuer name in {@code otpauth://} URIs. */
    public String issuer() {
        return issuer;
    }

    /** The configured encryption key, if any. */
    Optional<String> encryptionKey() {
        return encryptionKey.filter(k -> !k.isBlank());
    }

    /**
     * {@code admin,mod} as roles; {@code none}, blank or {@code -} as none.
     *
     * @throws IllegalArgumentException naming an unknown role
     */
    static Set<Role> parseRoles(String value) {
        Set<Role> roles = EnumSet.noneOf(Role.class);
        if (value == null) {
            return roles;
        }
        for (String part : value.split(",")) {
            String name = part.strip().toLowerCase(Locale.ROOT);
            if (name.isEmpty() || name.equals("none") || name.equals("-")) {
                continue;
            }
            roles.add(Role.fromWire(name)
                    .orElseThrow(() ->
                            new IllegalArgumentException("warden.mfa.required-roles names an unknown role: " + name)));
        }
        return roles;
    }
}
