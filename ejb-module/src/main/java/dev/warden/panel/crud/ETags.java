package dev.warden.panel.crud;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.Hashing;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/**
 * Strong entity tags of single rows and the {@code If-Match} comparison (docs/admin-api.md, "Rows":
 * "Rows carry an {@code ETag}; {@code If-Match} on update or delete answers 412 when the row changed").
 *
 * <p>The tag is {@code "} + SHA-256 hex of the row's JSON text without {@code _labels} + {@code "}: every
 * column and {@code _id} count, the labels of other tables' rows do not (renaming a user must not make
 * the user's cloud saves look changed). The row JSON is built in table column order, so equal rows give
 * equal tags.
 */
public final class ETags {

    private ETags() {}

    /** The strong {@code ETag} of {@code row} (a row as {@link ResourceRows#read} returns it), quoted. */
    public static String of(JsonObject row) {
        JsonObjectBuilder withoutLabels = JSON.createObjectBuilder();
        row.forEach((name, value) -> {
            if (!"_labels".equals(name)) {
                withoutLabels.add(name, value);
            }
        });
        return '"' + Hashing.sha256Hex(withoutLabels.build().toString()) + '"';
    }

    /**
     * Whether an {@code If-Match} header value lets a write go ahead on a row whose current tag is
     * {@code currentETag} (RFC 9110, 13.1.1: strong comparison).
     *
     * @param ifMatch the header value: null or blank when absent (no precondition), {@code *} (any existing
     *                row), or a comma-separated list of entity tags; weak tags ({@code W/"..."}) never match
     * @return true when the header is absent, is {@code *}, or lists {@code currentETag}
     */
    public static boolean matches(String ifMatch, String currentETag) {
        if (ifMatch == null || ifMatch.isBlank()) {
            return true;
        }
        String header = ifMatch.strip();
        if ("*".equals(header)) {
            return true;
        }
        int i = 0;
        while (i < header.length()) {
            char c = header.charAt(i);
            if (c == ',' || Character.isWhitespace(c)) {
                i++;
                continue;
            }
            boolean weak = header.startsWith("W/", i);
            int open = weak ? i + 2 : i;
            if (open >= header.length() || header.charAt(open) != '"') {
                return false; // not a list of entity tags: nothing can match
            }
            int close = header.indexOf('"', open + 1);
            if (close < 0) {
                return false;
            }
            String tag = header.substring(open, close + 1);
            if (!weak && tag.equals(currentETag)) {
                return true;
            }
            i = close + 1;
        }
        return false;
    }
}
