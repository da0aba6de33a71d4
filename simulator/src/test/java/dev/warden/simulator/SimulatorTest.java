package dev.warden.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimulatorTest {

    @Test
    void simulatedInstancesAreOneToNOrTheExplicitList() {
        assertEquals(List.of(1L, 2L, 3L, 4L), Reporter.instanceIds(null, 4));
        assertEquals(List.of(), Reporter.instanceIds("", 0));
        assertEquals(List.of(7L, 9L), Reporter.instanceIds(" 7, ,9 ", 4));
    }

    @Test
    void agentsPrintColourfulLinesOnBothStreamsEndingNow() {
        Instant until = Instant.parse("2026-11-21T12:00:00Z");
        List<AgentLogs.Line> lines = AgentLogs.generate("1", until);
        assertEquals(1000, lines.size());
        assertTrue(lines.stream().anyMatch(l -> l.stream().equals("err")));
        assertTrue(lines.stream().anyMatch(l -> l.stream().equals("out")));
        assertTrue(lines.stream().allMatch(l -> l.text().contains("\u001B[")));
        assertTrue(
                lines.get(999).text().contains("2026-11-21T12:00:00Z"),
                lines.get(999).text());
        assertEquals(lines, AgentLogs.generate("1", until), "the same lines for the same agent and minute");
        AgentLogs logs = new AgentLogs();
        logs.fix(
                "k",
                List.of(
                        new AgentLogs.Line("out", "a"),
                        new AgentLogs.Line("err", "b"),
                        new AgentLogs.Line("out", "c")));
        assertEquals(List.of(new AgentLogs.Line("out", "c")), logs.newest("k", "out", 1));
        assertEquals(List.of(new AgentLogs.Line("err", "b")), logs.newest("k", "err", 5));
        assertEquals(3, logs.newest("k", "all", 100).size());
    }

    @Test
    void theControlTokenIsABearerTokenComparedWhole() {
        assertTrue(ControlSwitch.tokenMatches("Bearer s3cret", "s3cret"));
        assertTrue(ControlSwitch.tokenMatches("bearer  s3cret ", "s3cret"));
        assertTrue(!ControlSwitch.tokenMatches("Bearer s3cre", "s3cret"));
        assertTrue(!ControlSwitch.tokenMatches("Basic s3cret", "s3cret"));
        assertTrue(!ControlSwitch.tokenMatches(null, "s3cret"));
        assertEquals("::1", HostRule.stripPort("[::1]:9080"));
        assertEquals("localhost", HostRule.stripPort("localhost:9080"));
    }
}
