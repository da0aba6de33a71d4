package dev.warden.rooms;

import dev.warden.common.Hashing;
import dev.warden.players.Player;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Supplier;

/**
 * The seat table of one {@link Room}: its seats, lock and disposed flags and the empty-room timer, all guarded by
 * this object's monitor, so admission is exact under concurrent joins (max clients is never exceeded). Every
 * method is one atomic step; the room does the callbacks, sockets and frames outside the monitor.
 */
final class RoomSeats {

    /** The outcome of {@link #take}: a refusal, or the seat with the connection it replaced (a resume). */
    record Taken(Admission refused, Seat seat, ClientConnection replaced, boolean resumed) {}

    /** The outcome of {@link #release}: the seat, and its new generation, or -1 when it was given up. */
    record Released(Seat seat, long generation) {}

    /** A seat removed, with the socket it was on (null when away). */
    record Detached(Seat seat, ClientConnection connection) {}

    private final Map<String, Seat> seats = new LinkedHashMap<>();
    private boolean locked;
    private boolean disposed;
    private ScheduledFuture<?> emptyTimer;

    /**
     * Resumes seat {@code clientId} when it is {@code player}'s, else takes a new seat unless the room is disposed
     * (4004), locked or has {@code maxClients} seats (4009). A new seat cancels the empty-room timer.
     */
    synchronized Taken take(Player player, ClientConnection connection, String clientId, int maxClients) {
        if (disposed) {
            return new Taken(Admission.refused(CloseCodes.DISPOSED, "room disposed"), null, null, false);
        }
        Seat existing = clientId == null ? null : seats.get(clientId);
        if (existing != null && existing.userId == player.userId()) {
            ClientConnection replaced = existing.connection;
            existing.connection = connection;
            existing.ip = connection.ip();
            existing.synced = false;
            existing.generation++;
            return new Taken(null, existing, replaced, true);
        } else if (locked) {
            return new Taken(Admission.refused(CloseCodes.LOCKED, "room locked"), null, null, false);
        } else if (seats.size() >= maxClients) {
            return new Taken(Admission.refused(CloseCodes.LOCKED, "room full"), null, null, false);
        }
        Seat seat = new Seat(Hashing.randomToken(9), player.userId(), player.displayName(), connection.ip());
        seat.connection = connection;
        seats.put(seat.clientId, seat);
        if (emptyTimer != null) {
            emptyTimer.cancel(false);
            emptyTimer = null;
        }
        return new Taken(null, seat, null, false);
    }

    /** True while {@code seat} is held on {@code connection}. */
    synchronized boolean on(Seat seat, ClientConnection connection) {
        return seat.connection == connection;
    }

    /** Seat {@code clientId} when it is held on {@code connection}, else null. */
    synchronized Seat current(String clientId, ClientConnection connection) {
        Seat seat = seats.get(clientId);
        return seat == null || seat.connection != connection ? null : seat;
    }

    /**
     * The socket of seat {@code clientId} closed: the seat is removed when {@code giveUp}, else kept away (its
     * generation bumped). Null when the seat is gone or on another socket.
     */
    synchronized Released release(String clientId, ClientConnection connection, boolean giveUp) {
        Seat seat = seats.get(clientId);
        if (seat == null || seat.connection != connection) {
            return null;
        }
        seat.connection = null;
        if (giveUp) {
            seats.remove(clientId);
            return new Released(seat, -1);
        }
        return new Released(seat, ++seat.generation);
    }

    /** Removes {@code seat} when it is still away at {@code generation} (its grace ran out); true when removed. */
    synchronized boolean expire(String clientId, Seat seat, long generation) {
        if (seat.connection != null || seat.generation != generation || seats.get(clientId) != seat) {
            return false;
        }
        seats.remove(clientId);
        return true;
    }

    /** Removes seat {@code clientId}; null when there is none. */
    synchronized Detached remove(String clientId) {
        Seat seat = seats.remove(clientId);
        if (seat == null) {
            return null;
        }
        ClientConnection connection = seat.connection;
        seat.connection = null;
        return new Detached(seat, connection);
    }

    /** True when a seat is held on {@code connection}. */
    synchronized boolean holds(ClientConnection connection) {
        return seats.values().stream().anyMatch(s -> s.connection == connection);
    }

    /** Removes every seat held on {@code connection}. */
    synchronized List<Seat> evict(ClientConnection connection) {
        List<Seat> gone = new ArrayList<>();
        seats.values().removeIf(s -> {
            if (s.connection == connection) {
                s.connection = null;
                gone.add(s);
                return true;
            }
            return false;
        });
        return gone;
    }

    /** Starts the empty-room timer with {@code schedule} when there are no seats, no timer and no disposal. */
    synchronized void whenEmpty(Supplier<ScheduledFuture<?>> schedule) {
        if (seats.isEmpty() && !disposed && emptyTimer == null) {
            emptyTimer = schedule.get();
        }
    }

    /** The empty-room timer fired: forgets it; true when the room is still empty. */
    synchronized boolean emptyTimerFired() {
        emptyTimer = null;
        return seats.isEmpty();
    }

    /** Marks the room disposed and clears every seat; their open sockets, or null when it already was. */
    synchronized List<ClientConnection> dispose() {
        if (disposed) {
            return null;
        }
        disposed = true;
        List<ClientConnection> open = new ArrayList<>();
        seats.values().forEach(s -> {
            if (s.connection != null) {
                open.add(s.connection);
            }
            s.connection = null;
        });
        seats.clear();
        if (emptyTimer != null) {
            emptyTimer.cancel(false);
        }
        return open;
    }

    /** The sockets of the seats that got their {@code state} frame. */
    synchronized List<ClientConnection> synced() {
        List<ClientConnection> targets = new ArrayList<>();
        for (Seat seat : seats.values()) {
            if (seat.connection != null && seat.synced) {
                targets.add(seat.connection);
            }
        }
        return targets;
    }

    /** The socket of seat {@code clientId} when it got its {@code state} frame, else null. */
    synchronized ClientConnection synced(String clientId) {
        Seat seat = seats.get(clientId);
        return seat == null || !seat.synced ? null : seat.connection;
    }

    /** Sets the lock flag; true when it changed. */
    synchronized boolean setLocked(boolean value) {
        if (locked == value) {
            return false;
        }
        locked = value;
        return true;
    }

    synchronized boolean locked() {
        return locked;
    }

    synchronized boolean disposed() {
        return disposed;
    }

    synchronized int size() {
        return seats.size();
    }

    /** The user ids of the seats, in join order (dropped clients within their grace included). */
    synchronized long[] userIds() {
        return seats.values().stream().mapToLong(s -> s.userId).toArray();
    }

    synchronized List<RoomClient> snapshot() {
        return seats.values().stream().map(Seat::view).toList();
    }
}
