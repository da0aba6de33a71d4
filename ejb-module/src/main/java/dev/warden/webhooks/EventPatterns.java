package dev.warden.webhooks;

import dev.warden.common.ApiException;
import jakarta.json.JsonArray;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A subscription's event patterns (docs/webhooks.md, "Events"): names such as {@code users.created} or {@code
 * user.ban}, where a {@code *} segment matches any one segment ({@code room.*}, {@code *.deleted}) and a lone
 * {@code *} matches every event. Pure.
 */
public final class EventPatterns {

    /** Most patterns per subscription. */
    public static final int MAX_PATTERNS = 50;
    /** Longest pattern, in characters. */
    public static final int MAX_LENGTH = 100;

    private static final Pattern FORM = Pattern.compile("\\*|[a-zA-Z0-9_*-]+(\\.[a-zA-Z0-9_*-]+)*");

    private EventPatterns() {}

    /**
     * The patterns of a request's {@code events} list, without duplicates.
     *
     * @throws ApiException 422 on {@code events}: not a non-empty list of well-formed names, or too many
     */
    public static List<String> parse(JsonValue raw) {
        if (!(raw instanceof JsonArray array) || array.isEmpty() || array.size() > MAX_PATTERNS) {
            throw ApiException.invalid("events", "required: a list of 1 to " + MAX_PATTERNS + " event names");
        }
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (JsonValue item : array) {
            if (!(item instanceof JsonString s)
                    || s.getString().length() > MAX_LENGTH
                    || !FORM.matcher(s.getString()).matches()
                    || (s.getString().contains("*") && !segmentsWhole(s.getString()))) {
                throw ApiException.invalid(
                        "events", "each entry is an event name such as users.created, user.ban or room.*");
            }
            out.add(s.getString());
        }
        return new ArrayList<>(out);
    }

    /** True when any of {@code patterns} matches {@code event}. */
    public static boolean matches(List<String> patterns, String event) {
        for (String pattern : patterns) {
            if (matches(pattern, event)) {
                return true;
            }
        }
        return false;
    }

    /** True when {@code pattern} matches {@code event}, segment by segment. */
    public static boolean matches(String pattern, String event) {
        if (pattern.equals("*")) {
            return true;
        }
        String[] p = pattern.split("\\.", -1);
        String[] e = event.split("\\.", -1);
        if (p.length != e.length) {
            return false;
        }
        for (int i = 0; i < p.length; i++) {
            if (!p[i].equals("*") && !p[i].equals(e[i])) {
                return false;
            }
        }
        return true;
    }

    private static boolean segmentsWhole(String pattern) {
        for (String segment : pattern.split("\\.", -1)) {
            if (segment.contains("*") && !segment.equals("*")) {
                return false;
            }
        }
        return true;
    }
}
