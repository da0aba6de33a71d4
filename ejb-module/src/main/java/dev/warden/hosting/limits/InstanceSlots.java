package dev.warden.hosting.limits;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The one-at-a-time-per-instance slots of the hosting endpoints that serve one request per instance at a time
 * (docs/hosting-api.md, "Requirements: Limits" rule 5; docs/decisions/logs-one-at-a-time-per-instance.md): an
 * expiring row per slot in {@code warden_rate_inflight}, shared by every node. The rate limits themselves are
 * counted by {@code dev.warden.hosting.access.HostingAccess} in {@link dev.warden.common.WindowCounters}.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class InstanceSlots {

    private static final Logger LOG = Logger.getLogger(InstanceSlots.class.getName());

    private static final String ENTER_SQL =
            """
            INSERT INTO warden_rate_inflight AS f (slot, holder, expires_at)
            VALUES (?, ?, now() + make_interval(secs => ?))
            ON CONFLICT (slot) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
                WHERE f.expires_at < now()
            RETURNING f.holder""";

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /**
     * Takes the slot {@code slot} for {@code holder} (Limits, rule 5), committed at once so every node sees it. A
     * slot whose holder did not leave within {@code holdSeconds} is free again.
     *
     * @return true when taken; false when another request holds it
     * @throws IllegalStateException when the database fails
     */
    public boolean enter(String slot, String holder, int holdSeconds) {
        return Sql.first(dataSource, "Taking slot " + slot, ENTER_SQL, rs -> true, slot, holder, holdSeconds)
                .isPresent();
    }

    /** Frees {@code slot} if {@code holder} still holds it; failures are logged only (the slot expires). */
    public void leave(String slot, String holder) {
        try {
            Sql.update(
                    dataSource,
                    "Freeing slot " + slot,
                    "DELETE FROM warden_rate_inflight WHERE slot = ? AND holder = ?",
                    slot,
                    holder);
        } catch (IllegalStateException e) {
            LOG.log(Level.WARNING, "Freeing slot " + slot + " failed; it expires by itself", e);
        }
    }
}
