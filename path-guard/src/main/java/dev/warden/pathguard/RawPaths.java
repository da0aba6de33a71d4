package dev.warden.pathguard;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Pure checks of a raw (still percent-encoded) request path, shared by the web module's request guard (every
 * server) and, on Open Liberty, {@link PathGuardContainer} (ahead of the web container). What they refuse and
 * with which status: docs/admin-api.md, "Errors", and docs/decisions/liberty-path-guard-feature.md. Every method is
 * side-effect free and accepts null.
 */
public final class RawPaths {

    /** Characters RFC 3986 does not allow unencoded in a path (the JAX-RS runtime fails on them). */
    private static final String MUST_ENCODE = "[]{}|^`<>\" \\";

    private RawPaths() {}

    /**
     * True for a path under one of Warden's APIs ({@code /admin-api}, {@code /api/v1}, {@code /agent/v1},
     * {@code /game-api}), whose refusals carry the documented error body; the admin UI and the rest get the
     * container's error pages.
     */
    public static boolean isApi(String path) {
        if (path == null) {
            return false;
        }
        return under(path, "/admin-api")
                || under(path, "/api/v1")
                || under(path, "/agent/v1")
                || under(path, "/game-api");
    }

    private static boolean under(String path, String root) {
        return path.equals(root) || path.startsWith(root + "/");
    }

    /**
     * Why an API must refuse a raw path with 400 {@code bad_request}, as the message's end ("The path " + it), or
     * null when the path is fine: an encoded separator or dot segment ({@link #hasEncodedSeparator},
     * {@link #hasDotSegment}), then {@link #pathProblem}.
     */
    public static String refusal(String rawPath) {
        if (hasEncodedSeparator(rawPath) || hasDotSegment(rawPath)) {
            return SEPARATOR_REFUSAL;
        }
        return pathProblem(rawPath);
    }

    /** The end of the message for an encoded separator or a dot segment ("The path " + it). */
    public static final String SEPARATOR_REFUSAL =
            "may not hold an encoded '/', '\\', '.' or '#', nor '.' or '..' segments";

    /**
     * True when a raw path holds an encoded {@code /}, {@code \}, {@code .} or {@code #} ({@code %2F}, {@code %5C},
     * {@code %2E}, {@code %23}, any case) or a raw {@code \}: Warden's paths never need them, and decoded they could
     * move a request to another servlet (path traversal).
     */
    public static boolean hasEncodedSeparator(String rawPath) {
        if (rawPath == null) {
            return false;
        }
        String lower = rawPath.toLowerCase(Locale.ROOT);
        return lower.contains("%2f")
                || lower.contains("%5c")
                || lower.contains("%2e")
                || lower.contains("%23")
                || lower.indexOf('\\') >= 0;
    }

    /**
     * True when a raw path holds a {@code .} or {@code ..} segment (with or without {@code ;parameters}). Clients
     * resolve dot segments before sending; the container resolves those it gets, which can move a request out of
     * the API it named.
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
        String problem = componentProblem(rawPath, false);
        if (problem != null) {
            return problem;
        }
        String decoded = new String(decodeBytes(rawPath, false), StandardCharsets.UTF_8);
        for (int i = 0; i < decoded.length(); i++) {
            char c = decoded.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                return "contains a control character";
            }
        }
        return null;
    }

    /**
     * The problem of one raw path or query component: a malformed percent escape, a NUL byte, or bytes that are not
     * UTF-8; null when it decodes cleanly. {@code plusIsSpace} for query components.
     */
    public static String componentProblem(String raw, boolean plusIsSpace) {
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
     * The bytes a percent-encoded component stands for, or null when an escape is malformed. Characters up to
     * U+00FF are taken as the raw bytes the container hands over (ISO-8859-1); others as their UTF-8 bytes.
     */
    public static byte[] decodeBytes(String raw, boolean plusIsSpace) {
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
                out.write(c);
            } else {
                byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                out.write(utf8, 0, utf8.length);
            }
        }
        return out.toByteArray();
    }
}
