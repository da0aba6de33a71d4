package dev.warden.web.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

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
    void jsonDepth() {
        assertEquals(0, InputChecks.jsonDepth("1", 64));
        assertEquals(3, InputChecks.jsonDepth("{\"a\":[1,{}]}", 64));
        assertEquals(1, InputChecks.jsonDepth("{\"a\":\"[[[[\\\"[[\"}", 64), "brackets in strings do not count");
        assertEquals(65, InputChecks.jsonDepth("[".repeat(2000), 64), "stops counting past the limit");
    }
}
