package dev.warden.hosting.egress;

import dev.warden.common.sql.Sql;
import dev.warden.hosting.provider.ProviderPayloads.TrafficDay;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.sql.PreparedStatement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import javax.sql.DataSource;

/**
 * The egress copy's SQL on {@code warden_egress_days} (schema owned by the hostdata migration V6): native SQL only, each write in its own transaction so one instance's failure never undoes
 * another's figures.
 */
@Stateless
public class EgressCopyStore {

    /** The upsert of the contract: figures and {@code collected_at} replaced, the key kept. */
    static final String UPSERT = "INSERT INTO warden_egress_days (instance_id, day, outgoing_bytes, incoming_bytes, "
            + "collected_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (instance_id, day) DO UPDATE SET "
            + "outgoing_bytes = EXCLUDED.outgoing_bytes, incoming_bytes = EXCLUDED.incoming_bytes, "
            + "collected_at = EXCLUDED.collected_at";

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /** An instance to copy: its id, infrastructure server id and last copy time (null before the first). */
    public record Target(long instanceId, String serverId, Instant lastCollectedAt) {}

    /** Every instance with a server id (or only {@code instanceId} when not null), by id. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<Target> targets(Long instanceId) {
        String sql = "SELECT i.id, i.server_id, (SELECT max(e.collected_at) FROM warden_egress_days e "
                + "WHERE e.instance_id = i.id) FROM warden_instances i "
                + "WHERE i.server_id IS NOT NULL AND btrim(i.server_id) <> ''"
                + (instanceId == null ? "" : " AND i.id = ?") + " ORDER BY i.id";
        Object[] params = instanceId == null ? new Object[0] : new Object[] {instanceId};
        return Sql.list(
                dataSource,
                "Listing the instances to copy egress for",
                sql,
                rs -> {
                    OffsetDateTime last = rs.getObject(3, OffsetDateTime.class);
                    return new Target(rs.getLong(1), rs.getString(2).strip(), last == null ? null : last.toInstant());
                },
                params);
    }

    /** Upserts {@code days} of instance {@code instanceId} with {@code collectedAt}, all or nothing. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void upsert(long instanceId, List<TrafficDay> days, Instant collectedAt) {
        Sql.with(dataSource, "Storing egress of instance " + instanceId, c -> {
            try (PreparedStatement ps = c.prepareStatement(UPSERT)) {
                for (TrafficDay day : days) {
                    Sql.bind(ps, 1, instanceId, day.date(), day.outgoingBytes(), day.incomingBytes(), collectedAt);
                    ps.addBatch();
                }
                return ps.executeBatch();
            }
        });
    }

    /** Deletes the days before {@code firstKept} (the 35-day retention); returns the count. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public int prune(LocalDate firstKept) {
        return Sql.update(dataSource, "Pruning egress days", "DELETE FROM warden_egress_days WHERE day < ?", firstKept);
    }
}
