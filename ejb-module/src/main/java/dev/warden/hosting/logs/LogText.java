package dev.warden.hosting.logs;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The pure text rules of {@code GET /applications/{slug}/instances/{id}/logs} (docs/hosting-api.md, "Requirements: Parameters":
 * {@code lines} up to 500 rounded up to 100 or 500, default 100; {@code stream} all|out|err;
 * "the response keeps the newest 256 KB of output with colour codes stripped").
 */
public final class LogText {

    /** Default of {@code lines}. */
    public static final int DEFAULT_LINES = 100;
    /** Largest {@code lines} accepted. */
    public static final int MAX_LINES = 500;
    /** The answer keeps at most this many bytes (UTF-8) of output: 256 KB. */
    public static final int MAX_BYTES = 256 * 1024;
    /** The values of {@code stream}. */
    public static final Set<String> STREAMS = Set.of("all", "out", "err");

    /**
     * ANSI / ECMA-48 escape sequences: CSI ({@code ESC [ params final}, colours and cursor moves; also the
     * 8-bit CSI U+009B), OSC ({@code ESC ] ... BEL or ESC \}, e.g. window titles and hyperlinks), other
     * string controls (DCS, SOS, PM, APC up to ST), and the two-character escapes ({@code ESC c}, {@code ESC 7}).
     */
    private static final Pattern ANSI = Pattern.compile(
            "(?:\\u001B\\[|\\u009B)[0-?]*[ -/]*[@-~]" // CSI
                    + "|\\u001B\\][^\\u0007\\u001B]*(?:\\u0007|\\u001B\\\\)?" // OSC
                    + "|\\u001B[PX^_][^\\u001B]*(?:\\u001B\\\\)?" // DCS, SOS, PM, APC
                    + "|\\u001B[ -/]*[0-~]" // two-character escapes (with intermediates)
                    + "|\\u001B"); // a lone ESC left at the end
    /** Control characters other than tab and newline (a carriage return is handled before). */
    private static final Pattern CONTROLS = Pattern.compile("[\\u0000-\\u0008\\u000B-\\u001F\\u007F]");

    private LogText() {}

    /** The checked parameters: {@code lines} already rounded to 100 or 500. */
    public record Params(int lines, String stream) {}

    /**
     * Checks {@code lines} and {@code stream} (null means absent) and rounds {@code lines} up to 100 or 500.
     *
     * @return the parameters, or the messages per bad parameter in {@code errors} (then the result is null)
     */
    public static Params params(String lines, String stream, Map<String, List<String>> errors) {
        Integer n = DEFAULT_LINES;
        if (lines != null) {
            n = null;
            String s = lines.strip();
            if (!s.matches("[+]?[0-9]{1,9}")) {
                errors.put("lines", List.of("must be a whole number from 1 to " + MAX_LINES));
            } else {
                int value = Integer.parseInt(s.startsWith("+") ? s.substring(1) : s);
                if (value < 1 || value > MAX_LINES) {
                    errors.put("lines", List.of("must be a whole number from 1 to " + MAX_LINES));
                } else {
                    n = roundLines(value);
                }
            }
        }
        String st = stream == null ? "all" : stream;
        if (!STREAMS.contains(st)) {
            errors.put("stream", List.of("must be one of all, out, err"));
        }
        return errors.isEmpty() ? new Params(n, st) : null;
    }

    /** Same as {@link #params(String, String, Map)} with a fresh error map. */
    public static Map<String, List<String>> errors(String lines, String stream) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        params(lines, stream, errors);
        return errors;
    }

    /** 1..100 → 100, 101..500 → 500 ({@code lines} must be in 1..500). */
    public static int roundLines(int lines) {
        if (lines < 1 || lines > MAX_LINES) {
            throw new IllegalArgumentException("lines out of range: " + lines);
        }
        return lines <= 100 ? 100 : MAX_LINES;
    }

    /**
     * {@code text} without ANSI escape sequences and other control characters; {@code \r\n} and lone
     * {@code \r} (progress-bar redraws) become {@code \n}. Tabs and newlines stay.
     */
    public static String stripAnsi(String text) {
        String noEscapes = ANSI.matcher(text).replaceAll("");
        String unixLines = noEscapes.replace("\r\n", "\n").replace('\r', '\n');
        return CONTROLS.matcher(unixLines).replaceAll("");
    }

    /**
     * The newest part of {@code text}: at most {@code maxLines} lines, then at most {@code maxBytes} bytes of
     * UTF-8, cut at a line start when one falls inside the kept part (so no half line leads), else at a
     * character boundary. A final newline does not count as an extra line.
     */
    public static String tail(String text, int maxLines, int maxBytes) {
        String kept = lastLines(text, maxLines);
        byte[] bytes = kept.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= maxBytes) {
            return kept;
        }
        int start = bytes.length - maxBytes;
        // first line start at or after the cut, if the kept window holds one
        int lineStart = -1;
        if (bytes[start - 1] == '\n') {
            lineStart = start;
        } else {
            for (int i = start; i < bytes.length - 1; i++) {
                if (bytes[i] == '\n') {
                    lineStart = i + 1;
                    break;
                }
            }
        }
        if (lineStart < 0) {
            lineStart = start;
            while (lineStart < bytes.length && (bytes[lineStart] & 0xC0) == 0x80) {
                lineStart++; // not inside a UTF-8 sequence
            }
        }
        return new String(bytes, lineStart, bytes.length - lineStart, StandardCharsets.UTF_8);
    }

    /** The last {@code maxLines} lines of {@code text} (a trailing newline kept). */
    static String lastLines(String text, int maxLines) {
        int end = text.endsWith("\n") ? text.length() - 1 : text.length();
        int count = 0;
        for (int i = end - 1; i >= 0; i--) {
            if (text.charAt(i) == '\n' && ++count == maxLines) {
                return text.substring(i + 1);
            }
        }
        return text;
    }

    /** Decodes agent output as UTF-8 (malformed bytes become U+FFFD), strips it and keeps the newest part. */
    public static String answer(byte[] raw, int lines) {
        String text = new String(raw, StandardCharsets.UTF_8);
        return tail(stripAnsi(text), lines, MAX_BYTES);
    }

    /** Splits for tests and callers that need lines; empty text has none. */
    static List<String> lines(String text) {
        List<String> out = new ArrayList<>();
        if (text.isEmpty()) {
            return out;
        }
        for (String line : text.split("\n", -1)) {
            out.add(line);
        }
        if (text.endsWith("\n")) {
            out.remove(out.size() - 1);
        }
        return out;
    }
}
