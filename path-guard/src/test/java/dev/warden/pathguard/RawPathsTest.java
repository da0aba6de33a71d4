package dev.warden.pathguard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RawPathsTest {

    @Test
    void pathProblems() {
        assertNull(RawPaths.pathProblem("/admin-api/users/12"));
        assertNull(RawPaths.pathProblem("/admin-api/users/caf%C3%A9"));
        assertEquals("contains a NUL byte", RawPaths.pathProblem("/a%00"));
        assertEquals("contains a control character", RawPaths.pathProblem("/a%0A"));
        assertEquals("is not valid UTF-8", RawPaths.pathProblem("/a%ff"));
        assertEquals(
                "is not valid UTF-8",
                RawPaths.pathProblem("/a\u00ff")); // a raw byte 0xFF as the container hands it over
        assertEquals("holds '[', which must be percent-encoded", RawPaths.pathProblem("/a/[]/x"));
        assertTrue(RawPaths.hasEncodedSeparator("/x/a%2Fb"));
        assertTrue(RawPaths.hasEncodedSeparator("/x/%2e%2e"));
        assertTrue(RawPaths.hasEncodedSeparator("/x/a%5cb"));
        assertTrue(RawPaths.hasEncodedSeparator("/x/a%23"));
        assertFalse(RawPaths.hasEncodedSeparator("/x/a%20b"));
        assertTrue(RawPaths.hasDotSegment("/admin-api/../2"));
        assertTrue(RawPaths.hasDotSegment("/admin-api/./users"));
        assertTrue(RawPaths.hasDotSegment("/admin-api/x/..;a=b"));
        assertFalse(RawPaths.hasDotSegment("/admin-api/a..b/.x/..y"));
    }

    @Test
    void utf8() {
        assertNull(RawPaths.utf8Problem("{\"a\":\"\u00e9\"}".getBytes(StandardCharsets.UTF_8)));
        assertEquals("is not valid UTF-8", RawPaths.utf8Problem(new byte[] {'{', (byte) 0xc3, 0x28, '}'}));
    }

    @Test
    void theApisAndTheirRefusals() {
        assertTrue(RawPaths.isApi("/admin-api"));
        assertTrue(RawPaths.isApi("/api/v1/applications/%7F/metrics/current"));
        assertTrue(RawPaths.isApi("/agent/v1/x"));
        assertTrue(RawPaths.isApi("/game-api/v1/auth/login"));
        assertFalse(RawPaths.isApi("/admin-apix"));
        assertFalse(RawPaths.isApi("/admin/"));
        assertFalse(RawPaths.isApi(null));
        assertEquals("contains a control character", RawPaths.refusal("/api/v1/applications/%7F/metrics/current"));
        assertEquals("contains a NUL byte", RawPaths.refusal("/admin-api/users/%00/unban"));
        assertEquals("has a malformed percent escape", RawPaths.refusal("/admin-api/users/%zz"));
        assertEquals(RawPaths.SEPARATOR_REFUSAL, RawPaths.refusal("/admin-api/users/..%2Fx"));
        assertEquals(RawPaths.SEPARATOR_REFUSAL, RawPaths.refusal("/admin-api/../admin/"));
        assertNull(RawPaths.refusal("/admin-api/users/12"));
    }

    @Test
    void refusalMessagesAreJsonText() {
        assertEquals("holds '\\\"', which", PathGuardContainer.jsonText("holds '\"', which"));
        assertEquals("a \\\\ b", PathGuardContainer.jsonText("a \\ b"));
    }
}
