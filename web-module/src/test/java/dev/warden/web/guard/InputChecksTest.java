package dev.warden.web.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InputChecksTest {

    @Test
    void queryProblemsNameTheParameter() {
        assertEquals(Map.of(), InputChecks.queryProblems("name_like=caf%C3%A9&_start=0&q=a+b"));
        assertEquals(Map.of("x", List.of("contains a NUL byte")), InputChecks.queryProblems("x=%00"));
        assertEquals(Map.of("name", List.of("is not valid UTF-8")), InputChecks.queryProblems("ok=1&name=%C3%28"));
        assertEquals(Map.of("a", List.of("has a malformed percent escape")), InputChecks.queryProblems("a=%zz"));
        assertEquals(
                Map.of("query", List.of("a parameter name contains a NUL byte")), InputChecks.queryProblems("%00=1"));
        assertEquals(Map.of(), InputChecks.queryProblems(null));
    }

    @Test
    void queryParameterDecodesTheRawQueryString() {
        assertEquals("json", InputChecks.queryParameter("a=1&format=%6Ason", "format"));
        assertEquals("a b/c", InputChecks.queryParameter("access_token=a+b%2Fc&access_token=x", "access_token"));
        assertEquals("café", InputChecks.queryParameter("n=caf%C3%A9", "n"));
        assertEquals("", InputChecks.queryParameter("flag", "flag"));
        assertNull(InputChecks.queryParameter("format=%zz", "format"));
        assertNull(InputChecks.queryParameter("other=1", "format"));
        assertNull(InputChecks.queryParameter(null, "format"));
    }

    @Test
    void pathProblems() {
        assertNull(InputChecks.pathProblem("/admin-api/users/12"));
        assertNull(InputChecks.pathProblem("/admin-api/users/caf%C3%A9"));
        assertEquals("contains a NUL byte", InputChecks.pathProblem("/a%00"));
        assertEquals("contains a control character", InputChecks.pathProblem("/a%0A"));
        assertEquals("is not valid UTF-8", InputChecks.pathProblem("/a%ff"));
        assertEquals(
                "is not valid UTF-8",
                InputChecks.pathProblem("/a\u00ff")); // a raw byte 0xFF as the container hands it over
        assertEquals("holds '[', which must be percent-encoded", InputChecks.pathProblem("/a/[]/x"));
        assertTrue(InputChecks.hasEncodedSeparator("/x/a%2Fb"));
        assertTrue(InputChecks.hasEncodedSeparator("/x/%2e%2e"));
        assertTrue(InputChecks.hasEncodedSeparator("/x/a%5cb"));
        assertTrue(InputChecks.hasEncodedSeparator("/x/a%23"));
        assertFalse(InputChecks.hasEncodedSeparator("/x/a%20b"));
        assertTrue(InputChecks.hasDotSegment("/admin-api/../2"));
        assertTrue(InputChecks.hasDotSegment("/admin-api/./users"));
        assertTrue(InputChecks.hasDotSegment("/admin-api/x/..;a=b"));
        assertFalse(InputChecks.hasDotSegment("/admin-api/a..b/.x/..y"));
    }

    @Test
    void utf8AndDepth() {
        assertNull(InputChecks.utf8Problem("{\"a\":\"\u00e9\"}".getBytes(StandardCharsets.UTF_8)));
        assertEquals("is not valid UTF-8", InputChecks.utf8Problem(new byte[] {'{', (byte) 0xc3, 0x28, '}'}));
        assertEquals(0, InputChecks.jsonDepth("1", 64));
        assertEquals(3, InputChecks.jsonDepth("{\"a\":[1,{}]}", 64));
        assertEquals(1, InputChecks.jsonDepth("{\"a\":\"[[[[\\\"[[\"}", 64), "brackets in strings do not count");
        assertEquals(65, InputChecks.jsonDepth("[".repeat(2000), 64), "stops counting past the limit");
    }
}
