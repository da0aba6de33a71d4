package dev.warden.webhooks;

import dev.warden.common.TargetAddresses;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which webhook targets Warden may call (docs/webhooks.md, "Targets"; docs/security.md, "Outbound calls"): an
 * {@code http} or {@code https} URL without user info, whose host resolves, and none of whose addresses is a cloud
 * metadata service (always refused) or loopback, link-local or private ({@link TargetAddresses.Kind}) unless the
 * operator allowed it ({@link PrivateTargets}: {@code warden.webhooks.allowed-private-targets}, or all with {@code
 * warden.webhooks.allow-private-targets}). Checked when a subscription is created or its URL changed, and again before
 * each attempt, after a fresh DNS lookup. Pure apart from the lookup.
 */
public final class TargetPolicy {

    /** Longest target URL, in characters. */
    public static final int MAX_URL = 2048;

    private final PrivateTargets allowed;

    /** A policy accepting the private targets in {@code allowed}. */
    public TargetPolicy(PrivateTargets allowed) {
        this.allowed = allowed;
    }

    /**
     * Why {@code url} may not be called, or empty when it may. The URL's form is checked first, then every address
     * its host resolves to.
     */
    public Optional<String> refusal(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (java.net.URISyntaxException e) {
            return Optional.of("not a URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            return Optional.of("the scheme must be http or https");
        }
        if (uri.getRawUserInfo() != null) {
            return Optional.of("credentials in the URL are not allowed");
        }
        if (uri.getHost() == null || uri.getHost().isBlank()) {
            return Optional.of("the URL has no host");
        }
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        List<InetAddress> addresses;
        try {
            addresses = TargetAddresses.resolve(uri);
        } catch (UnknownHostException e) {
            return Optional.of("the host does not resolve");
        }
        for (InetAddress address : addresses) {
            TargetAddresses.Kind kind = TargetAddresses.kind(address);
            if (kind == TargetAddresses.Kind.METADATA) {
                return Optional.of("the host resolves to a cloud metadata address");
            }
            if (kind != TargetAddresses.Kind.PUBLIC && !allowed.allows(host, address)) {
                return Optional.of("the host resolves to a "
                        + kind.name().toLowerCase(Locale.ROOT).replace('_', '-')
                        + " address that is not allowed (" + PrivateTargets.KEY + ")");
            }
        }
        return Optional.empty();
    }
}
