package dev.warden.web.guard;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pure checks of raw request input, run by {@link RequestGuardFilter} before anything reaches JAX-RS, a cache key or
 * SQL: percent-decoding of the path and the query string to bytes, strict UTF-8, no NUL byte,
 * and the nesting depth of a JSON text. Every method is side-effect free.
 */
public final class InputChecks {

    /** Characters RFC 3986 does not allow unencoded in a path (the JAX-RS runtime fails on them). */
    private static final String MUST_ENCODE = "[]{}|^`<>\" \\";

    private InputChecks() {}

    /**
     * Problems of a raw query string ({@code a=1&b=%00}), by parameter name: a malformed percent escape, a NUL byte
     * or bytes that are not UTF-8, in a name or a value. A name that cannot be decoded is reported as
     * {@code "query"}. Empty map when the query is fine or null.
     */
    public static Map<String, List<String>> queryProblems(String rawQuery) {
        Map<String, List<String>> problems = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return problems;
        }
        for (String pair : rawQuery.split("&", -1)) {
            int eq = pair.indexOf('=');
            String rawName = eq < 0 ? pair : pair.substring(0, eq);
            String rawValue = eq < 0 ? "" : pair.substring(eq + 1);
            String nameProblem = problem(rawName, true);
            String name = nameProblem == null ? decode(rawName, true) : "query";
            if (nameProblem != null) {
                problems.putIfAbsent(name, List.of("a parameter name " + nameProblem));
                continue;
            }
            String valueProblem = problem(rawValue, true);
            if (valueProblem != null) {
                problems.putIfAbsent(name, List.of(valueProblem));
            }
        }
        return problems;
    }

    /**
     * True when a raw path holds an encoded {@code /}, {@code \}, {@code .} or {@code #} ({@code %2F}, {@code %5C},
     * {@code %2E}, {@code %23}, any case) or a raw {@code \}: Warden's paths never need them, and decoded they could
     * move a request to another servlet (path traversal). The container's own check is off
     * ({@code skipEncodedCharVerification}) so that this one answers with the error body.
     */
    public static boolean hasEncodedSeparator(String rawPath) {
        if (rawPath == null) {
            return false;
        }
        String lower = rawPath.toLowerCase(java.util.Locale.ROOT);
        return lower.contains("%2f")
                || lower.contains("%5c")
                || lower.contains("%2e")
                || lower.contains("%23")
                || lower.indexOf('\\') >= 0;
    }

    /**
     * True when a raw path holds a {@code .} or {@code ..} segment (with or without {@code ;parameters}). Clients
     * resolve dot segments before sending; the container resolves those it gets, which can move a request out of
     * the API it named (to the static file servlet, which logs a warning and an FFDC incident per request).
     */
    public static boolean hasDotSegment(String rawPath) {
        if (rawPath == null) {
            return false;
        }
        for (String segment : rawPath.split("/", -1)) {
            String name = segment.split(";", 2)[0];
            if (name.equals(".") || name.equals("..")) {
                return true;
            }
        }
        return false;
    }

    /**
     * What is wrong with a raw path ({@code /admin-api/users/%00}): a character that must be percent-encoded
     * ({@code [ ] { } | ^ ` < > "} or a space), a malformed percent escape, a NUL or other control character, or
     * bytes that are not UTF-8; null when it is fine.
     */
    public static String pathProblem(String rawPath) {
        if (rawPath == null) {
            return null;
        }
        for (int i = 0; i < rawPath.length(); i++) {
            if (MUST_ENCODE.indexOf(rawPath.charAt(i)) >= 0) {
                return "holds '" + rawPath.charAt(i) + "', which must be percent-encoded";
            }
        }
        String problem = problem(rawPath, false);
        if (problem != null) {
            return problem;
        }
        String decoded = decode(rawPath, false);
        for (int i = 0; i < decoded.length(); i++) {
            char c = decoded.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                return "contains a control character";
            }
        }
        return null;
    }

    /** What is wrong with {@code bytes} as text: not UTF-8; null when they decode strictly. */
    public static String utf8Problem(byte[] bytes) {
        try {
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
            return null;
        } catch (CharacterCodingException e) {
            return "is not valid UTF-8";
        }
    }

    /**
     * The deepest nesting of arrays and objects in a JSON text, counting brackets outside strings only; stops
     * counting (and returns a value above {@code limit}) as soon as {@code limit} is exceeded. Does not validate
     * the JSON otherwise.
     */
    public static int jsonDepth(CharSequence json, int limit) {
        int depth = 0;
        int deepest = 0;
        boolean inString = false;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '[' || c == '{') {
                depth++;
                if (depth > deepest) {
                    deepest = depth;
                    if (deepest > limit) {
                        return deepest;
                    }
                }
            } else if ((c == ']' || c == '}') && depth > 0) {
                depth--;
            }
        }
        return deepest;
    }

    /**
     * The first value of the query parameter {@code name} in a raw query string ({@code getQueryString()}, not yet
     * percent-decoded), decoded as UTF-8 with {@code +} as a space; null when the parameter is absent or its value
     * has a malformed escape. Servlets read their parameters through this, not {@code getParameter}: WildFly's
     * listener leaves URL decoding to the application ({@code decode-url=false}, docs/wildfly.md), so the
     * container's parameters would be decoded on Liberty and raw on WildFly.
     */
    public static String queryParameter(String rawQuery, String name) {
        if (rawQuery == null) {
            return null;
        }
        for (String pair : rawQuery.split("&")) {
            int eq = pair.indexOf('=');
            byte[] key = decodeBytes(eq < 0 ? pair : pair.substring(0, eq), true);
            if (key != null && new String(key, StandardCharsets.UTF_8).equals(name)) {
                byte[] value = decodeBytes(eq < 0 ? "" : pair.substring(eq + 1), true);
                return value == null ? null : new String(value, StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    /** The problem of one raw component (percent escapes, NUL, UTF-8), or null. */
    private static String problem(String raw, boolean plusIsSpace) {
        byte[] bytes = decodeBytes(raw, plusIsSpace);
        if (bytes == null) {
            return "has a malformed percent escape";
        }
        for (byte b : bytes) {
            if (b == 0) {
                return "contains a NUL byte";
            }
        }
        return utf8Problem(bytes);
    }

    /** Decodes a component known to be fine. */
    private static String decode(String raw, boolean plusIsSpace) {
        return new String(decodeBytes(raw, plusIsSpace), StandardCharsets.UTF_8);
    }

    /** The bytes a percent-encoded component stands for, or null when an escape is malformed. */
    static byte[] decodeBytes(String raw, boolean plusIsSpace) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                if (i + 2 >= raw.length()) {
                    return null;
                }
                int hi = Character.digit(raw.charAt(i + 1), 16);
                int lo = Character.digit(raw.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    return null;
                }
                out.write(hi * 16 + lo);
                i += 2;
            } else if (c == '+' && plusIsSpace) {
                out.write(' ');
            } else if (c < 0x100) {
                out.write(c); // the container hands raw bytes over as ISO-8859-1 characters
            } else {
                byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                out.write(utf8, 0, utf8.length);
            }
        }
        return out.toByteArray();
    }
}
