package dev.warden.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.health.HealthState;
import org.junit.jupiter.api.Test;

class SchemaStateTest {

    private static SchemaState state() {
        SchemaState state = new SchemaState();
        state.health = new HealthState();
        return state;
    }

    @Test
    void theCauseNamesTheFailureAndItsInnermostCauseOnOneLine() {
        String cause = SchemaState.cause(new IllegalStateException(
                "outer",
                new IllegalArgumentException("middle", new RuntimeException("first line\n  second line\tend"))));
        assertEquals("IllegalStateException: outer (caused by RuntimeException: first line second line end)", cause);
    }

    @Test
    void aLongCauseIsCut() {
        String cause = SchemaState.cause(new RuntimeException("x".repeat(1000)));
        assertEquals(SchemaState.MAX_CAUSE, cause.length());
        assertTrue(cause.endsWith("..."));
    }

    @Test
    void aFailedStartStaysFailedAndKeepsTheFirstStep() {
        SchemaState state = state();
        state.startFailed("MetricPartitions", new IllegalStateException("boom"));
        state.startFailed("DemoSeeder", new IllegalStateException("later"));
        state.ready(); // a late migration success does not revive it
        assertFalse(state.isMigrated());
        assertEquals("MetricPartitions", state.failedStep().orElseThrow());
        assertTrue(
                state.problem().orElseThrow().contains("boom"), state.problem().orElseThrow());
    }
}
