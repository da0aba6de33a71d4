package dev.warden.panel.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A node's job slots and the batch job parameters a job starts with (docs/configuration.md, "Jobs"). */
class JobSlotsTest {

    private static JobSlots slots(int maxPerNode, int chunkSize) {
        JobSlots slots = new JobSlots();
        slots.maxPerNode = maxPerNode;
        slots.chunkSize = chunkSize;
        return slots;
    }

    @Test
    void theParametersNameTheJobAndItsChunkSizeKeptWithinBounds() {
        assertEquals("42", slots(2, 500).parameters(42).getProperty(JobItemReader.JOB_ID));
        assertEquals("500", slots(2, 500).parameters(42).getProperty(JobSlots.CHUNK_SIZE));
        assertEquals("1", slots(2, 0).parameters(42).getProperty(JobSlots.CHUNK_SIZE));
        assertEquals("10000", slots(2, 1_000_000).parameters(42).getProperty(JobSlots.CHUNK_SIZE));
    }

    @Test
    void slotsAreTakenUpToTheMaximumAndGivenBack() {
        JobSlots slots = slots(2, 500);
        assertTrue(slots.acquire());
        assertTrue(slots.acquire());
        assertFalse(slots.acquire());
        slots.release();
        assertTrue(slots.acquire());
        slots.release();
        slots.release();
        slots.release(); // never below zero
        assertTrue(slots.acquire());
        assertTrue(slots.acquire());
        assertFalse(slots.acquire());
    }
}
