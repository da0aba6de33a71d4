package dev.warden.panel.jobs;

import jakarta.ejb.ApplicationException;

/**
 * The row of a job's chunk that was refused or failed (docs/admin-api.md, "Jobs"): its place in the chunk and the error
 * row's message. It rolls the chunk's transaction back ({@link JobRowWork#applyChunk}); the caller applies the rows
 * before it again and records it as an error row.
 */
@ApplicationException(rollback = true)
public class ChunkRowFailed extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int index;

    /** The item at {@code index} of the chunk failed with {@code message}. */
    public ChunkRowFailed(int index, String message) {
        super(message, null, false, false);
        this.index = index;
    }

    /** The failed item's place in the chunk (0 is the first). */
    public int index() {
        return index;
    }
}
