package dev.warden.simulator;

import java.net.URI;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.eclipse.microprofile.config.Config;

/**
 * The host names the control API answers for: the same rule and the same keys as Warden's own check on
 * {@code /admin-api} (web module, {@code HostAllowList}; docs/security.md, "Limits and refusals before any route"), so
 * a page that rebinds its DNS name to the demo's address (DNS rebinding) cannot drive the simulator either. Always
 * allowed: {@code localhost}, names under {@code .localhost}, {@code 127.0.0.1}, {@code ::1} and the host of
 * {@code warden.public-url}; plus the comma list {@code warden.allowed-hosts} (env {@code WARDEN_ALLOWED_HOSTS};
 * {@code *} allows any host). The port is ignored; no {@code Host} is refused. The simulator is a WAR of its own
 * beside Warden's EAR, so it carries this copy of the rule rather than a dependency on the web module.
 */
final class HostRule {

    private final Set<String> allowed = new HashSet<>(Set.of("localhost", "127.0.0.1", "::1"));
    private boolean any;

    /** The rule under {@code config}. */
    static HostRule of(Config config) {
        HostRule rule = new HostRule();
        String publicUrl =
                config.getOptionalValue("warden.public-url", String.class).orElse("http://localhost:9080");
        try {
            String host = URI.create(publicUrl.strip()).getHost();
            if (host != null) {
                rule.allowed.add(normalise(host));
            }
        } catch (IllegalArgumentException e) {
            // an unparseable public URL adds nothing; the defaults still hold
        }
        config.getOptionalValue("warden.allowed-hosts", String.class).ifPresent(list -> {
            for (String name : list.split(",")) {
                String host = name.strip();
                if (host.equals("*")) {
                    rule.any = true;
                } else if (!host.isEmpty()) {
                    rule.allowed.add(normalise(host));
                }
            }
        });
        return rule;
    }

    /** True when the {@code Host} header value (with or without port) names an allowed host. */
    boolean allows(String hostHeader) {
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
