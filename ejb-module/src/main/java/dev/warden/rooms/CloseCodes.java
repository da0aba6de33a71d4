package dev.warden.rooms;

/** The game socket's close codes (docs/game-api.md). */
public final class CloseCodes {

    /** Kicked by an operator or by room code. */
    public static final int KICKED = 4001;
    /** The user was banned or their sessions revoked, or the token is not valid. */
    public static final int BANNED = 4003;
    /** The room was disposed of, or does not exist. */
    public static final int DISPOSED = 4004;
    /** The room is locked or full. */
    public static final int LOCKED = 4009;
    /**
     * A limit against floods (docs/game-api.md, "Limits"): too many open sockets of the user or the address, too
     * many rooms created this minute, or too many messages refused.
     */
    public static final int RATE_LIMITED = 4029;

    private CloseCodes() {}
}
