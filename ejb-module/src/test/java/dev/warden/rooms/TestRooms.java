package dev.warden.rooms;

import dev.warden.players.Player;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/** Real rooms for unit tests: a room on a scheduler of its own, and sockets that record what they get. */
public final class TestRooms {

    private TestRooms() {}

    /** A socket that records its frames and its close code. */
    public static final class Socket implements ClientConnection {
        private final long userId;
        public final List<String> frames = new CopyOnWriteArrayList<>();
        public volatile int closeCode;
        public volatile String closeReason;

        Socket(long userId) {
            this.userId = userId;
        }

        @Override
        public long userId() {
            return userId;
        }

        @Override
        public String ip() {
            return "192.0.2.1";
        }

        @Override
        public Instant openedAt() {
            return Instant.EPOCH;
        }

        @Override
        public void send(String text) {
            frames.add(text);
        }

        @Override
        public void close(int code, String reason) {
            closeCode = code;
            closeReason = reason;
        }
    }

    /** A started room {@code id} of type {@code test} (4 seats, no reconnection grace). */
    public static Room room(String id) {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "test-room-" + id);
            t.setDaemon(true);
            return t;
        });
        RoomType type = new RoomType() {
            @Override
            public String name() {
                return "test";
            }

            @Override
            public void onMessage(RoomContext room, RoomClient client, String type, JsonValue data) {}
        };
        RoomSettings settings =
                new RoomSettings("test", 4, Duration.ofMillis(20), Duration.ZERO, Duration.ofSeconds(10));
        Room room = new Room(id, type, settings, new RoomHost() {
            @Override
            public ScheduledExecutorService scheduler() {
                return scheduler;
            }

            @Override
            public void changed(Room r) {}

            @Override
            public void removed(Room r) {}
        });
        room.start();
        return room;
    }

    /** Seats user {@code userId} in {@code room} on a new socket; the seat's client id is {@link #clientId}. */
    public static Socket seat(Room room, long userId) {
        Socket socket = new Socket(userId);
        Admission admission = room.admit(new Player(userId, "player " + userId, "s" + userId), socket, null);
        if (!admission.admitted()) {
            throw new IllegalStateException("not admitted: " + admission);
        }
        return socket;
    }

    /** The client id of the only seat {@code userId} holds in {@code room}. */
    public static String clientId(Room room, long userId) {
        return room.snapshot().stream()
                .filter(c -> c.userId() == userId)
                .findFirst()
                .orElseThrow()
                .clientId();
    }
}
