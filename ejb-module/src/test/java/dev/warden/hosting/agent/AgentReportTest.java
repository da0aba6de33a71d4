package dev.warden.hosting.agent;

import static dev.warden.common.JsonSupport.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.warden.common.ApiException;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AgentReportTest {

    private static final Instant NOW = Instant.parse("2026-11-21T12:00:30Z");

    private static JsonObject json(String text) {
        return JSON.createReader(new StringReader(text)).readObject();
    }

    @Test
    void aGoodReportIsNormalised() {
        AgentReport r = AgentReport.parse(
                json(
                        """
                {"sampled_at":"2026-11-21T12:00:00Z","ccu":12,"rooms":3,"cpu_percent":41.5,"memory_percent":63.2,
                 "processes":[{"id":1,"status":"online","started_at":"2026-11-21T11:00:00+01:00","restarts":0,
                 "cpu_percent":20.1,"memory_mb":312.5,"ccu":12,"rooms":3,"node_version":"20.11.1","secret":"x"}]}"""),
                NOW);
        assertEquals(Instant.parse("2026-11-21T12:00:00Z"), r.sampledAt());
        assertEquals(12, r.figures().ccu());
        assertEquals(41.5, r.figures().cpuPercent());
        assertEquals("2026-11-21T10:00:00Z", r.processes().getJsonObject(0).getString("started_at"));
        assertEquals(false, r.processes().getJsonObject(0).containsKey("secret"));
    }

    @Test
    void processesDefaultToEmpty() {
        AgentReport r = AgentReport.parse(
                json(
                        """
                {"sampled_at":"2026-11-21T12:00:00","ccu":0,"rooms":0,"cpu_percent":0,"memory_percent":0}"""),
                NOW);
        assertEquals(0, r.processes().size());
    }

    @Test
    void everyBadMemberIsNamed() {
        ApiException e = assertThrows(
                ApiException.class,
                () -> AgentReport.parse(
                        json(
                                """
                {"sampled_at":"2026-11-21T13:00:00Z","ccu":-1,"rooms":"3","cpu_percent":1e9,
                 "processes":[{"id":1,"status":"asleep","restarts":0,"cpu_percent":1,"memory_mb":1,"ccu":1,"rooms":1}]}"""),
                        NOW));
        assertEquals(422, e.status());
        assertEquals(
                Set.of("sampled_at", "ccu", "rooms", "cpu_percent", "memory_percent", "processes[0].status"),
                e.fields().keySet());
    }

    @Test
    void samplesOlderThanTheRetentionAreRefused() {
        ApiException e = assertThrows(
                ApiException.class,
                () -> AgentReport.parse(
                        json(
                                """
                {"sampled_at":"2026-10-01T00:00:00Z","ccu":0,"rooms":0,"cpu_percent":0,"memory_percent":0}"""),
                        NOW));
        assertEquals(Set.of("sampled_at"), e.fields().keySet());
    }
}
