package dev.warden.hosting.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LogTextTest {

    @Test
    void linesDefaultTo100AndRoundUpTo100Or500() {
        assertEquals(new LogText.Params(100, "all"), LogText.params(null, null, new java.util.HashMap<>()));
        assertEquals(100, LogText.roundLines(1));
        assertEquals(100, LogText.roundLines(100));
        assertEquals(500, LogText.roundLines(101));
        assertEquals(500, LogText.roundLines(499));
        assertEquals(500, LogText.roundLines(500));
        assertEquals(
                500, LogText.params("250", "err", new java.util.HashMap<>()).lines());
        assertEquals("out", LogText.params("7", "out", new java.util.HashMap<>()).stream());
        assertThrows(IllegalArgumentException.class, () -> LogText.roundLines(501));
    }

    @Test
    void badLinesAndStreamAreNamedTogether() {
        Map<String, List<String>> errors = LogText.errors("501", "both");
        assertEquals(List.of("lines", "stream"), List.copyOf(errors.keySet()));
        for (String bad : new String[] {"0", "-5", "1.5", "abc", "", "1e3", "9999999999", "100 lines"}) {
            assertEquals(List.of("lines"), List.copyOf(LogText.errors(bad, null).keySet()), bad);
        }
        for (String bad : new String[] {"ALL", "stdout", "", " out"}) {
            assertEquals(
                    List.of("stream"), List.copyOf(LogText.errors(null, bad).keySet()), bad);
        }
        assertTrue(LogText.errors(" 500 ", "err").isEmpty());
        assertNull(LogText.params("0", null, new java.util.HashMap<>()));
    }

    @Test
    void ansiColourAndOtherEscapesAreStripped() {
        String raw = "\u001B[2m2026-11-21T12:00:00Z\u001B[0m \u001B[1;32mINFO\u001B[0m ready\r\n"
                + "\u001B[38;5;196mred\u001B[39m \u001B[38;2;255;0;0mtrue\u001B[0m\n"
                + "\u001B]0;window title\u0007\u001B]8;;http://x\u001B\\link\u001B]8;;\u001B\\\n"
                + "\u001B[2K\u001B[1Aclear\u001Bc\u001B(Bdone\u009B31mx\u0008\n"
                + "tab\tkept\u001B";
        assertEquals("2026-11-21T12:00:00Z INFO ready\nred true\nlink\ncleardonex\ntab\tkept", LogText.stripAnsi(raw));
        assertEquals("a\nb\nc", LogText.stripAnsi("a\rb\r\nc"));
    }

    @Test
    void tailKeepsTheLastLines() {
        assertEquals("c\nd\n", LogText.tail("a\nb\nc\nd\n", 2, 1000));
        assertEquals("c\nd", LogText.tail("a\nb\nc\nd", 2, 1000));
        assertEquals("a\nb\n", LogText.tail("a\nb\n", 5, 1000));
        assertEquals("", LogText.tail("", 5, 1000));
    }

    @Test
    void tailKeepsTheNewestBytesFromALineStart() {
        String text = "first line\nsecond line\nthird\n"; // 11 + 12 + 6 bytes
        assertEquals("third\n", LogText.tail(text, 100, 10));
        assertEquals("second line\nthird\n", LogText.tail(text, 100, 18));
        assertEquals("second line\nthird\n", LogText.tail(text, 100, 19));
        // one long line: cut inside it, never inside a UTF-8 sequence
        String euros = "€€€€"; // 3 bytes each
        assertEquals("€€", LogText.tail(euros, 100, 7));
    }

    @Test
    void the256KbCapHoldsOnBigOutput() {
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            big.append("\u001B[32m")
                    .append(String.format("%04d ", i))
                    .append("x".repeat(1000))
                    .append("\u001B[0m\n");
        }
        String answer = LogText.answer(big.toString().getBytes(StandardCharsets.UTF_8), 500);
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        assertTrue(bytes.length <= LogText.MAX_BYTES, "at most 256 KB");
        assertTrue(bytes.length > LogText.MAX_BYTES - 1100, "close to 256 KB");
        assertTrue(answer.startsWith(String.format("%04d ", 500 - answer.split("\n").length)), "starts at a line");
        assertTrue(answer.endsWith("0499 " + "x".repeat(1000) + "\n"), "the newest line is last");
        assertTrue(!answer.contains("\u001B"));
    }

    @Test
    void answerStripsThenKeepsLines() {
        assertEquals("b\nc\n", LogText.answer("\u001B[31ma\u001B[0m\nb\nc\n".getBytes(StandardCharsets.UTF_8), 2));
    }
}
