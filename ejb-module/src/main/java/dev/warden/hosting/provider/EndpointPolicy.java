package dev.warden.hosting.provider;

import dev.warden.common.TargetAddresses;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.Config;

/**
 * Which instance endpoints Warden may call (SSRF). An endpoint is a row value that admins edit,
 * so Warden checks it before every agent call: the scheme must be in {@code warden.agent.endpoints.schemes}
 * (default {@code https,http}); the host must resolve, and no address it resolves to may be loopback
 * ({@code 127.0.0.0/8}, {@code ::1}) or the unspecified address unless {@code warden.agent.endpoints.allow-loopback}
 * is true (default: the value of {@code warden.demo}, since the demo's simulated instances listen on localhost), nor
 * link-local ({@code 169.254.0.0/16}, where cloud metadata services live, {@code fe80::/10}) unless
 * {@code warden.agent.endpoints.allow-link-local} is true (default false). Addresses are judged by
 * {@link TargetAddresses}, as webhook targets are. Pure apart from the DNS lookup.
 */
public final class EndpointPolicy {

    private final Set<String> schemes;
    private final boolean allowLoopback;
    private final boolean allowLinkLocal;

    /** A policy with the given settings. */
    public EndpointPolicy(Set<String> schemes, boolean allowLoopback, boolean allowLinkLocal) {
        this.schemes = schemes;
        this.allowLoopback = allowLoopback;
        this.allowLinkLocal = allowLinkLocal;
    }

    /** The policy configured in MicroProfile Config. */
    public static EndpointPolicy of(Config config) {
        String list = config.getOptionalValue("warden.agent.endpoints.schemes", String.class)
                .orElse("https,http");
        boolean demo = config.getOptionalValue("warden.demo", Boolean.class).orElse(false);
        return new EndpointPolicy(
                Arrays.stream(list.split(","))
                        .map(s -> s.strip().toLowerCase(Locale.ROOT))
                        .filter(s -> !s.isEmpty())
                        .collect(Collectors.toUnmodifiableSet()),
                config.getOptionalValue("warden.agent.endpoints.allow-loopback", Boolean.class)
                        .orElse(demo),
                config.getOptionalValue("warden.agent.endpoints.allow-link-local", Boolean.class)
                        .orElse(false));
    }

    /**
     * Checks {@code uri}.
     *
     * @throws ProviderUnavailableException naming the rule the endpoint breaks
     */
    public void check(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!schemes.contains(scheme)) {
            throw new ProviderUnavailableException(
                    "instance endpoint scheme '" + scheme + "' is not allowed " + "(warden.agent.endpoints.schemes)");
        }
        String host = uri.getHost();
        if (host == null || host.isBlank()) {
            throw new ProviderUnavailableException("instance endpoint has no host");
        }
        List<InetAddress> addresses;
        try {
            addresses = TargetAddresses.resolve(uri);
        } catch (UnknownHostException e) {
            throw new ProviderUnavailableException("instance endpoint host does not resolve: " + host, e);
        }
        for (InetAddress address : addresses) {
            refused(address);
        }
    }

    private void refused(InetAddress address) {
        TargetAddresses.Kind kind = TargetAddresses.kind(address);
        if (!allowLoopback && kind == TargetAddresses.Kind.LOOPBACK) {
            throw new ProviderUnavailableException("instance endpoint resolves to a loopback address, which is "
                    + "refused (warden.agent.endpoints.allow-loopback)");
        }
        if (!allowLinkLocal && (kind == TargetAddresses.Kind.LINK_LOCAL || kind == TargetAddresses.Kind.METADATA)) {
            throw new ProviderUnavailableException("instance endpoint resolves to a link-local address, which is "
                    + "refused (warden.agent.endpoints.allow-link-local)");
        }
    }
}
