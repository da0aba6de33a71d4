package dev.warden.web.guard;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The host names {@code /admin-api} answers for (DNS rebinding). A page on an attacker's domain
 * that rebinds its name to Warden's address sends {@code Host: attacker.example}; such requests are refused.
 *
 * <p>Config {@code warden.allowed-hosts} (env {@code WARDEN_ALLOWED_HOSTS}): a comma list of host names (no port;
 * {@code *} allows any host). Always allowed: {@code localhost}, names under {@code .localhost}, {@code 127.0.0.1},
 * {@code ::1} and the host of {@code warden.public-url}. The port of {@code Host} is ignored; a request without
 * {@code Host} is refused.
 */
@ApplicationScoped
public class HostAllowList {

    @Inject
    @ConfigProperty(name = "warden.allowed-hosts")
    Optional<String> configured;

    @Inject
    @ConfigProperty(name = "warden.public-url", defaultValue = "http://localhost:9080")
    String publicUrl;

    private final Set<String> allowed = new HashSet<>();
    private boolean any;

    @PostConstruct
    void init() {
        allowed.addAll(Set.of("localhost", "127.0.0.1", "::1"));
        try {
            String host = URI.create(publicUrl.strip()).getHost();
            if (host != null) {
                allowed.add(normalise(host));
            }
        } catch (IllegalArgumentException e) {
            // an unparseable public URL adds nothing; the defaults still hold
        }
        configured.ifPresent(list -> {
            for (String name : list.split(",")) {
                String host = name.strip();
                if (host.equals("*")) {
                    any = true;
                } else if (!host.isEmpty()) {
                    allowed.add(normalise(host));
                }
            }
        });
    }

    /** True when the {@code Host} header value (with or without port) names an allowed host. */
    public boolean allows(String hostHeader) {
        if (any) {
            return true;
        }
        if (hostHeader == null || hostHeader.isBlank()) {
            return false;
        }
        String host = normalise(stripPort(hostHeader.strip()));
        return allowed.contains(host) || host.endsWith(".localhost");
    }

    static String stripPort(String host) {
        if (host.startsWith("[")) {
            int end = host.indexOf(']');
            return end < 0 ? host : host.substring(1, end);
        }
        int colon = host.indexOf(':');
        return colon >= 0 && host.indexOf(':', colon + 1) < 0 ? host.substring(0, colon) : host;
    }

    private static String normalise(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        return h.endsWith(".") ? h.substring(0, h.length() - 1) : h;
    }
}
