package dev.warden.testext;

import jakarta.json.JsonObject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.logging.Logger;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;

/**
 * The per-row action {@code holdTouch} of {@code staffNotes}, for the test that kills a server in the middle of a job
 * (JobRestartIT): it appends {@code +} to the row's {@code body} through Warden's data source, in the transaction
 * the action runs in (so a row the job applied twice would read {@code ++}). On a server started with the system
 * property {@value #HOLD_ROW} set to a row's {@code id}, it then logs {@code testext: holding row <id>} and holds
 * that row, inside its uncommitted transaction, for up to two minutes: the test kills the server there, with the rows
 * before it done and that row and the rest still pending. Without the property nothing holds.
 */
final class HeldTouch {

    /** The system property naming the row to hold; unset (the default) holds none. */
    static final String HOLD_ROW = "testext.hold-row";

    private static final Logger LOG = Logger.getLogger(HeldTouch.class.getName());

    private HeldTouch() {}

    /** Touches {@code row} ({@code {id, body}}), holding it when it is the row {@value #HOLD_ROW} names. */
    static String touch(JsonObject row) {
        long id = row.getJsonNumber("id").longValue();
        try {
            DataSource warden = InitialContext.doLookup("java:comp/DefaultDataSource");
            try (Connection c = warden.getConnection();
                    PreparedStatement ps =
                            c.prepareStatement("UPDATE game_staff_notes SET body = body || '+' WHERE id = ?")) {
                ps.setLong(1, id);
                ps.executeUpdate();
            }
        } catch (NamingException | SQLException e) {
            throw new IllegalStateException("Touching staff note " + id + " failed", e);
        }
        if (String.valueOf(id).equals(System.getProperty(HOLD_ROW))) {
            LOG.info("testext: holding row " + id);
            try {
                Thread.sleep(120_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return "touched";
    }
}
