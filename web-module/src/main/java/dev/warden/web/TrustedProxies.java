package dev.warden.web;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * The reverse proxies whose {@code X-Forwarded-For} Warden believes (docs/operations.md,
 * "Behind a reverse proxy"). Configured by {@code warden.trusted-proxies} (environment {@code WARDEN_TRUSTED_PROXIES}):
 * a comma-separated list of IPv4/IPv6 addresses and CIDR ranges, e.g. {@code 127.0.0.1, 10.0.0.0/8}; empty (the
 * default) trusts nobody, so the header is ignored and the client is the socket's peer.
 *
 * <p>{@link #clientIp} applies the usual rule: when the peer is trusted, {@code X-Forwarded-For} is read from the right
 * and the first address that is not a trusted proxy is the client; entries that are not IP addresses stop the walk
 * (the last trusted hop is used). Immutable and thread-safe; parsing never resolves host names.
 */
public final class TrustedProxies {

    /** Trusts nobody. */
    public static final TrustedProxies NONE = new TrustedProxies(List.of());

    private record Range(byte[] network, int prefix) {}

    private final List<Range> ranges;

    private TrustedProxies(List<Range> ranges) {
        this.ranges = ranges;
    }

    /**
     * Parses the configured list; blank means {@link #NONE}.
     *
     * @throws IllegalArgumentException for an entry that is not an IP address or CIDR range (named in the message)
     */
    public static TrustedProxies parse(String config) {
        if (config == null || config.isBlank()) {
            return NONE;
        }
        List<Range> ranges = new ArrayList<>();
        for (String raw : config.split(",")) {
            String entry = raw.strip();
            if (entry.isEmpty()) {
                continue;
            }
            int slash = entry.indexOf('/');
            byte[] address = literal(slash < 0 ? entry : entry.substring(0, slash));
            int prefix = address == null ? -1 : address.length * 8;
            if (address != null && slash >= 0) {
                try {
                    prefix = Integer.parseInt(entry.substring(slash + 1));
                } catch (NumberFormatException e) {
                    prefix = -1;
                }
            }
            if (address == null || prefix < 0 || prefix > address.length * 8) {
                throw new IllegalArgumentException("warden.trusted-proxies (WARDEN_TRUSTED_PROXIES): '" + entry
                        + "' is not an IP address or CIDR range");
            }
            ranges.add(new Range(address, prefix));
        }
        return new TrustedProxies(List.copyOf(ranges));
    }

    /** True when {@code ip} (a literal address) is one of the trusted proxies. */
    public boolean trusts(String ip) {
        byte[] address = literal(ip);
        if (address == null) {
            return false;
        }
        for (Range range : ranges) {
            if (range.network().length == address.length && samePrefix(range.network(), address, range.prefix())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The client address: {@code peer} unless it is trusted and {@code forwardedFor} (the {@code X-Forwarded-For}
     * header, may be null) names an earlier hop.
     */
    public String clientIp(String peer, String forwardedFor) {
        if (ranges.isEmpty() || forwardedFor == null || forwardedFor.isBlank() || !trusts(peer)) {
            return peer;
        }
        String client = peer;
        String[] hops = forwardedFor.split(",");
        for (int i = hops.length - 1; i >= 0; i--) {
            String hop = hops[i].strip();
            if (literal(hop) == null) {
                break;
            }
            client = hop;
            if (!trusts(hop)) {
                break;
            }
        }
        return client;
    }

    /** The bytes of an IP literal, or null for anything else (never a DNS lookup). */
    private static byte[] literal(String text) {
        if (text == null || text.isEmpty() || text.length() > 45) {
            return null;
        }
        String s = text.startsWith("[") && text.endsWith("]") ? text.substring(1, text.length() - 1) : text;
        boolean ipv4 = s.matches("\\d{1,3}(\\.\\d{1,3}){3}");
        boolean ipv6 = s.contains(":") && s.matches("[0-9A-Fa-f:.]+");
        if (!ipv4 && !ipv6) {
            return null;
        }
        if (ipv4) {
            for (String octet : s.split("\\.")) {
                if (Integer.parseInt(octet) > 255) {
                    return null;
                }
            }
        }
        try {
            return InetAddress.getByName(s).getAddress();
        } catch (UnknownHostException e) {
            return null;
        }
    }

    private static boolean samePrefix(byte[] a, byte[] b, int bits) {
        if (bits == 0) {
            return true;
        }
        BigInteger mask = BigInteger.ONE
                .shiftLeft(a.length * 8)
                .subtract(BigInteger.ONE)
                .shiftRight(bits)
                .not();
        return new BigInteger(1, a).and(mask).equals(new BigInteger(1, b).and(mask));
    }
}
