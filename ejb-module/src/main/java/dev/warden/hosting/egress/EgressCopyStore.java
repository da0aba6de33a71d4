package dev.warden.hosting.egress;

import dev.warden.common.sql.Sql;
import dev.warden.hosting.provider.ProviderPayloads.TrafficDay;
import jakarta.annotation.Resource;
import jakarta.ejb.EJBException;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * The egress copy's SQL on {@code warden_egress_days} (schema owned by the hostdata migration V6; contracts
 * for issue 5): native SQL only, each write in its own transaction so one instance's failure never undoes
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
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(sql)) {
            if (instanceId != null) {
                ps.setLong(1, instanceId);
            }
            List<Target> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    OffsetDateTime last = rs.getObject(3, OffsetDateTime.class);
                    out.add(new Target(rs.getLong(1), rs.getString(2).strip(), last == null ? null : last.toInstant()));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new EJBException("listing the instances to copy egress for failed: " + e.getMessage(), e);
        }
    }

    /** Upserts {@code days} of instance {@code instanceId} with {@code collectedAt}, all or nothing. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void upsert(long instanceId, List<TrafficDay> days, Instant collectedAt) {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(UPSERT)) {
            for (TrafficDay day : days) {
                ps.setLong(1, instanceId);
                ps.setObject(2, day.date());
                ps.setLong(3, day.outgoingBytes());
                ps.setLong(4, day.incomingBytes());
                ps.setObject(5, OffsetDateTime.ofInstant(collectedAt, ZoneOffset.UTC));
                ps.addBatch();
            }
            ps.executeBatch();
        } catch (SQLException e) {
            throw new EJBException("storing egress of instance " + instanceId + " failed: " + e.getMessage(), e);
        }
    }

    /** Deletes the days before {@code firstKept} (the 35-day retention); returns the count. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public int prune(LocalDate firstKept) {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("DELETE FROM warden_egress_days WHERE day < ?")) {
            ps.setObject(1, firstKept);
            return ps.executeUpdate();
        } catch (SQLException e) {
            throw new EJBException("pruning egress days failed: " + e.getMessage(), e);
        }
    }
}
