package dev.warden.web.game;

import dev.warden.rooms.ClientConnection;
import jakarta.websocket.CloseReason;
import jakarta.websocket.Session;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A room socket as the rooms see it: frames are queued and sent one at a time with the asynchronous remote, so a
 * room never waits on a slow client; a client more than {@value #MAX_QUEUED} frames behind is closed (1008).
 */
final class SocketConnection implements ClientConnection {

    private static final Logger LOG = Logger.getLogger(SocketConnection.class.getName());
    static final int MAX_QUEUED = 2000;

    private final Session session;
    private final long userId;
    private final String ip;
    private final Instant openedAt = Instant.now();
    private final ArrayDeque<String> queue = new ArrayDeque<>();
    private boolean sending;
    private boolean closed;

    SocketConnection(Session session, long userId, String ip) {
        this.session = session;
        this.userId = userId;
        this.ip = ip;
    }

    @Override
    public long userId() {
        return userId;
    }

    @Override
    public String ip() {
        return ip;
    }

    @Override
    public Instant openedAt() {
        return openedAt;
    }

    @Override
    public void send(String text) {
        synchronized (this) {
            if (closed) {
                return;
            }
            if (sending) {
                if (queue.size() >= MAX_QUEUED) {
                    closed = true;
                    queue.clear();
                } else {
                    queue.add(text);
                    return;
                }
            } else {
                sending = true;
            }
        }
        if (closed) {
            closeNow(1008, "too slow");
            return;
        }
        write(text);
    }

    private void write(String text) {
        try {
            session.getAsyncRemote().sendText(text, result -> {
                String next;
                synchronized (this) {
                    next = result.isOK() && !closed ? queue.poll() : null;
                    if (next == null) {
                        sending = false;
                        queue.clear();
                    }
                }
                if (next != null) {
                    write(next);
                }
            });
        } catch (RuntimeException e) {
            synchronized (this) {
                sending = false;
                queue.clear();
            }
            LOG.log(Level.FINE, "Room socket send failed", e);
        }
    }

    @Override
    public void close(int code, String reason) {
        synchronized (this) {
            closed = true;
            queue.clear();
        }
        closeNow(code, reason);
    }

    private void closeNow(int code, String reason) {
        try {
            if (session.isOpen()) {
                session.close(new CloseReason(
                        CloseReason.CloseCodes.getCloseCode(code),
                        reason == null ? "" : reason.length() > 120 ? reason.substring(0, 120) : reason));
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.FINE, "Room socket close failed", e);
        }
    }
}
