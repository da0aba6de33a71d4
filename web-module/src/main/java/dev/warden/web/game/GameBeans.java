package dev.warden.web.game;

import dev.warden.players.PlayerAuth;
import dev.warden.rooms.LiveSessions;
import dev.warden.rooms.Rooms;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.spi.CDI;

/**
 * The EJBs a room socket uses (sockets are created by the WebSocket container, not by CDI). Read them through
 * the accessors: {@link #get()} returns the application-scoped client proxy, whose own fields are never injected.
 */
@ApplicationScoped
public class GameBeans {

    @EJB
    PlayerAuth players;

    @EJB
    Rooms rooms;

    @EJB
    LiveSessions live;

    /** Player token checks. */
    public PlayerAuth players() {
        return players;
    }

    /** This node's rooms. */
    public Rooms rooms() {
        return rooms;
    }

    /** This node's open game sockets by user. */
    public LiveSessions live() {
        return live;
    }

    /** The application's instance (a client proxy). */
    static GameBeans get() {
        return CDI.current().select(GameBeans.class).get();
    }
}
