package dev.warden.rooms.bus;

import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The answers {@link RoomBus} awaits for one command: one from a node, or one per node for a broadcast. */
final class BusPending {
    final int expected;
    final List<JsonObject> answers = new ArrayList<>();

    BusPending(int expected) {
        this.expected = expected;
    }

    synchronized void add(JsonObject answer) {
        answers.add(answer);
        notifyAll();
    }

    synchronized List<JsonObject> await(long ms) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        while (answers.size() < expected) {
            long left = TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime());
            if (left <= 0) {
                break;
            }
            wait(left);
        }
        return List.copyOf(answers);
    }
}
