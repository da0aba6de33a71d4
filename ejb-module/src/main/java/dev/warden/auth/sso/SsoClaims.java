package dev.warden.auth.sso;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** Reading claims the provider sent: groups under a dotted path, string claims, safe error texts. */
final class SsoClaims {

    private SsoClaims() {}

    /**
     * The groups in {@code claims} under {@code path} (dotted: nested objects, e.g. {@code realm_access.roles}): a
     * JSON array of strings or one string (split on commas and blanks); empty when absent.
     */
    static List<String> groups(Map<String, Object> claims, String path) {
        Object value = claims;
        for (String part : path.split("\\.")) {
            if (!(value instanceof Map<?, ?> map)) {
                return List.of();
            }
            value = map.get(part);
        }
        List<String> out = new ArrayList<>();
        if (value instanceof Collection<?> list) {
            list.forEach(v -> {
                if (v != null) {
                    out.add(v.toString());
                }
            });
        } else if (value instanceof String s) {
            for (String g : s.split("[,\\s]+")) {
                if (!g.isBlank()) {
                    out.add(g);
                }
            }
        }
        return out;
    }

    /** True when {@code claims} has anything under the dotted {@code path}. */
    static boolean has(Map<String, Object> claims, String path) {
        Object value = claims;
        for (String part : path.split("\\.")) {
            if (!(value instanceof Map<?, ?> map)) {
                return false;
            }
            value = map.get(part);
        }
        return value != null;
    }

    /** The {@code amr} values that count as a second factor (docs/security.md, "Second factors and step-up"). */
    static final java.util.Set<String> FACTOR_AMR = java.util.Set.of("mfa", "hwk", "otp", "swk");

    /** True when the {@code amr} claim (RFC 8176 authentication method references) names a second factor. */
    static boolean amrShowsFactor(Map<String, Object> claims) {
        return groups(claims, "amr").stream().anyMatch(FACTOR_AMR::contains);
    }

    /** The string claim {@code name}; null when absent or not a string. */
    static String string(Map<String, Object> claims, String name) {
        Object value = claims.get(name);
        return value instanceof String s ? s : null;
    }

    /** An error code from the provider, reduced to at most 60 characters of {@code [A-Za-z0-9_.-]}. */
    static String clip(String text) {
        String t = text.replaceAll("[^A-Za-z0-9_.-]", "");
        return t.length() > 60 ? t.substring(0, 60) : t;
    }
}
