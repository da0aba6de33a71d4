package dev.warden.webhooks;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The loopback, private and link-local webhook targets an operator allows (docs/webhooks.md, "Targets";
 * docs/decisions/webhooks-private-targets-allowlist.md): {@code warden.webhooks.allowed-private-targets}, a
 * comma-separated list of IP addresses ({@code 127.0.0.1}, {@code ::1}), CIDR ranges ({@code 10.20.0.0/16}, {@code
 * fd12::/16}) and host names ({@code hooks.internal}: the URL's host exactly, case-insensitive, whatever non-metadata
 * addresses it resolves to); or everything private with {@code warden.webhooks.allow-private-targets=true}. Cloud
 * metadata addresses are refused by {@link TargetPolicy} before this list is asked. Immutable; pure.
 *
 * @param all    every private address is allowed ({@code allow-private-targets})
 * @param ranges the listed addresses and ranges
 * @param hosts  the listed host names, lower case
 */
public record PrivateTargets(boolean all, List<Range> ranges, Set<String> hosts) {

    /** The configuration key of the list. */
    public static final String KEY = "warden.webhooks.allowed-private-targets";

    /** Nothing private allowed (the default). */
    public static final PrivateTargets NONE = new PrivateTargets(false, List.of(), Set.of());

    private static final Pattern HOST =
            Pattern.compile("(?i)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*");
    private static final Pattern IP_LITERAL = Pattern.compile("[0-9a-fA-F:.]+");

    /** An address range: the first {@code bits} bits of {@code prefix} (4 or 16 bytes). */
    public record Range(byte[] prefix, int bits) {

        /** Whether {@code address} (of the same family) lies in the range. */
        public boolean contains(InetAddress address) {
            byte[] b = address.getAddress();
            if (b.length != prefix.length) {
                return false;
            }
            int whole = bits / 8;
            for (int i = 0; i < whole; i++) {
                if (b[i] != prefix[i]) {
                    return false;
                }
            }
            int rest = bits % 8;
            if (rest == 0) {
                return true;
            }
            int mask = (0xff << (8 - rest)) & 0xff;
            return (b[whole] & mask) == (prefix[whole] & mask);
        }
    }

    /**
     * The list in {@code value} (null or blank: empty), with {@code all} from {@code allow-private-targets}.
     *
     * @throws IllegalArgumentException naming the entry that is neither an address, a range nor a host name
     */
    public static PrivateTargets parse(boolean all, String value) {
        List<Range> ranges = new ArrayList<>();
        Set<String> hosts = new TreeSet<>();
        if (value != null) {
            for (String raw : value.split(",")) {
                String entry = raw.strip();
                if (entry.isEmpty()) {
                    continue;
                }
                int slash = entry.indexOf('/');
                String address = slash < 0 ? entry : entry.substring(0, slash);
                if (address.startsWith("[") && address.endsWith("]")) {
                    address = address.substring(1, address.length() - 1);
                }
                if (address.contains(":") && IP_LITERAL.matcher(address).matches()) {
                    ranges.add(range(entry, address, slash < 0 ? null : entry.substring(slash + 1)));
                } else if (address.matches("[0-9.]+")) {
                    if (!isDottedQuad(address)) {
                        throw new IllegalArgumentException(KEY + ": '" + entry + "' is not an IPv4 address");
                    }
                    ranges.add(range(entry, address, slash < 0 ? null : entry.substring(slash + 1)));
                } else if (slash < 0 && HOST.matcher(entry).matches() && entry.length() <= 253) {
                    hosts.add(entry.toLowerCase(Locale.ROOT));
                } else {
                    throw new IllegalArgumentException(
                            KEY + ": '" + entry + "' is neither an IP address, a CIDR range nor a host name");
                }
            }
        }
        return new PrivateTargets(all, List.copyOf(ranges), Set.copyOf(hosts));
    }

    /** Whether a URL whose host is {@code host} (lower case, without brackets) may reach private {@code address}. */
    public boolean allows(String host, InetAddress address) {
        if (all || hosts.contains(host)) {
            return true;
        }
        for (Range range : ranges) {
            if (range.contains(address)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isDottedQuad(String s) {
        String[] parts = s.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }

    private static Range range(String entry, String address, String bits) {
        byte[] bytes;
        try {
            // a literal only (checked above): no lookup
            bytes = InetAddress.getByName(address).getAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(KEY + ": '" + entry + "' is not an IP address", e);
        }
        int max = bytes.length * 8;
        int n;
        try {
            n = bits == null ? max : Integer.parseInt(bits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(KEY + ": '" + entry + "' has no prefix length", e);
        }
        if (n < 0 || n > max) {
            throw new IllegalArgumentException(KEY + ": '" + entry + "' has a prefix length outside 0 to " + max);
        }
        return new Range(bytes, n);
    }
}
