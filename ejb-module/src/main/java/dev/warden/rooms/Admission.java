package dev.warden.rooms;

/**
 * The outcome of a join: a seat in a room, or a refusal with the close code to use.
 *
 * @param room      the room (null when refused)
 * @param clientId  the seat's client id (null when refused)
 * @param closeCode 0 when admitted; 4004 no such room, 4009 locked or full
 * @param reason    the refusal's reason (close frame text), or null
 */
public record Admission(Room room, String clientId, int closeCode, String reason) {

    static Admission refused(int code, String reason) {
        return new Admission(null, null, code, reason);
    }

    /** True when the client got a seat. */
    public boolean admitted() {
        return closeCode == 0;
    }
}
