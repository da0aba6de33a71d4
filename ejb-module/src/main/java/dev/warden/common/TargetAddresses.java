package dev.warden.common;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;

/**
 * The one classification of the addresses Warden may be asked to call (SSRF; docs/security.md, "Outbound calls"):
 * the instance agents' endpoints ({@code dev.warden.hosting.provider.EndpointPolicy}) and webhook targets
 * ({@code dev.warden.webhooks.TargetPolicy}) both resolve a host with {@link #resolve} and judge each address with
 * {@link #kind}. Pure apart from the DNS lookup.
 */
public final class TargetAddresses {

    /** What an address is, from the most to the least dangerous to call. */
    public enum Kind {
        /** A cloud metadata service ({@code 169.254.169.254}, {@code fd00:ec2::254}, {@code 100.100.100.200}). */
        METADATA,
        /** {@code 127.0.0.0/8}, {@code ::1} or the unspecified address ({@code 0.0.0.0}, {@code ::}). */
        LOOPBACK,
        /** {@code 169.254.0.0/16} or {@code fe80::/10}. */
        LINK_LOCAL,
        /**
         * {@code 10/8}, {@code 172.16/12}, {@code 192.168/16}, {@code 100.64/10} (carrier-grade NAT), {@code fc00::/7}
         * (unique local), multicast, or an IPv4-mapped IPv6 form of any of these.
         */
        PRIVATE,
        /** Anything else. */
        PUBLIC
    }

    private TargetAddresses() {}

    /** The kind of {@code address}. */
    public static Kind kind(InetAddress address) {
        byte[] b = address.getAddress();
        if (address instanceof Inet6Address && isMappedV4(b)) {
            try {
                return kind(InetAddress.getByAddress(java.util.Arrays.copyOfRange(b, 12, 16)));
            } catch (UnknownHostException e) {
                throw new IllegalStateException(e);
            }
        }
        if (isMetadata(address, b)) {
            return Kind.METADATA;
        }
        if (address.isLoopbackAddress() || address.isAnyLocalAddress()) {
            return Kind.LOOPBACK;
        }
        if (address.isLinkLocalAddress()) {
            return Kind.LINK_LOCAL;
        }
        if (address.isSiteLocalAddress() || address.isMulticastAddress()) {
            return Kind.PRIVATE;
        }
        if (address instanceof Inet4Address && (b[0] & 0xff) == 100 && (b[1] & 0xc0) == 64) {
            return Kind.PRIVATE; // 100.64.0.0/10
        }
        if (address instanceof Inet4Address && (b[0] & 0xff) == 0) {
            return Kind.LOOPBACK; // 0.0.0.0/8 reaches this host on Linux
        }
        if (address instanceof Inet6Address && (b[0] & 0xfe) == 0xfc) {
            return Kind.PRIVATE; // fc00::/7
        }
        return Kind.PUBLIC;
    }

    /**
     * Every address {@code uri}'s host resolves to.
     *
     * @throws UnknownHostException when the host does not resolve
     * @throws IllegalArgumentException when the URI has no host
     */
    public static List<InetAddress> resolve(URI uri) throws UnknownHostException {
        String host = uri.getHost();
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("no host");
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return List.of(InetAddress.getAllByName(host.toLowerCase(Locale.ROOT)));
    }

    private static boolean isMappedV4(byte[] b) {
        for (int i = 0; i < 10; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff;
    }

    private static boolean isMetadata(InetAddress address, byte[] b) {
        if (address instanceof Inet4Address) {
            int a0 = b[0] & 0xff;
            int a1 = b[1] & 0xff;
            int a2 = b[2] & 0xff;
            int a3 = b[3] & 0xff;
            return (a0 == 169 && a1 == 254 && a2 == 169 && a3 == 254)
                    || (a0 == 100 && a1 == 100 && a2 == 100 && a3 == 200);
        }
        // fd00:ec2::254 (AWS IMDS over IPv6)
        return (b[0] & 0xff) == 0xfd
                && b[1] == 0
                && (b[2] & 0xff) == 0x0e
                && (b[3] & 0xff) == 0xc2
                && (b[15] & 0xff) == 0x54
                && b[14] == 0x02;
    }
}
