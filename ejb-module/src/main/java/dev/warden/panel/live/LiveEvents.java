package dev.warden.panel.live;

import dev.warden.common.sql.Sql;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.policy.Moderation;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The live lists' event log (migration V12_2): {@link #publish} (called by {@link LivePublisher} only, once the change
 * committed) records a row event and sends it to every node ({@code NOTIFY warden_live}, delivered when the transaction commits), {@link #since} replays a
 * resource's events after a {@code Last-Event-ID}, {@link #validSessions} tells which streams' sessions still hold
 * and {@link #stillAllowed} which streams' operators may still list their resource, and {@link #streamable} authorises
 * a new stream (docs/security.md, the {@code _events} row).
 */
@Stateless
public class LiveEvents {

    /** The NOTIFY channel. */
    public static final String CHANNEL = "warden_live";

    /**
     * The stream of jobs' progress ({@code GET /admin-api/_jobs/_events}, docs/admin-api.md "Jobs"): not a resource;
     * any panel operator may hold it (its events carry job ids only).
     */
    public static final String JOBS_STREAM = "_jobs";

    private static final Logger LOG = Logger.getLogger(LiveEvents.class.getName());

    static final String INSERT =
            "INSERT INTO warden_live_events (resource, action, row_id) VALUES (?, ?, ?) RETURNING id";
    static final String INSERT_ALL = "INSERT INTO warden_live_events (resource, action, row_id) "
            + "SELECT e.resource, e.action, e.row_id FROM unnest(?::text[], ?::text[], ?::text[]) WITH ORDINALITY AS e(resource, action, row_id, n) "
            + "ORDER BY n RETURNING id, resource, action, row_id";
    static final String NOTIFY_ALL = "SELECT pg_notify('" + CHANNEL + "', p) FROM unnest(?::text[]) p";
    static final String NOTIFY = "SELECT pg_notify('" + CHANNEL + "', ?)";
    static final String SINCE =
            "SELECT id, action, row_id FROM warden_live_events WHERE resource = ? AND id > ? " + "ORDER BY id LIMIT ?";
    static final String VALID = "SELECT s.id FROM warden_sessions s JOIN warden_users u ON u.id = s.user_id "
            + "WHERE s.id = ANY (?) AND s.kind = '" + dev.warden.auth.Sessions.KIND + "' AND s.expires_at > now() "
            + "AND s.token_version = u.token_version";
    static final String PRUNE = "DELETE FROM warden_live_events WHERE created_at < now() - make_interval(mins => ?)";

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @EJB
    Moderation moderation;

    @EJB
    dev.warden.auth.OperatorLoader operators;

    /**
     * Who holds one open stream: the session row id ({@code Operator.sessionId()}), its user and the resource listed.
     */
    public record Holder(String sessionId, long userId, String resource) {}

    /**
     * Records {@code action} on row {@code rowId} of {@code resource} and notifies every node, in its own
     * transaction. Never throws: a live list is a convenience, the write it reports has committed already (a failure
     * is logged at WARNING).
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void publish(String resource, String action, String rowId) {
        if (!LiveEvent.ACTIONS.contains(action) || resource == null || rowId == null) {
            return;
        }
        try {
            Sql.with(dataSource, "Publishing a live event", c -> {
                long id = Sql.first(c, INSERT, rs -> rs.getLong(1), resource, action, rowId)
                        .orElseThrow();
                LiveEvent event = new LiveEvent(id, resource, action, rowId);
                if (event.fitsNotify()) {
                    Sql.list(c, NOTIFY, rs -> null, event.payload());
                }
                return event;
            });
        } catch (RuntimeException e) {
            LOG.log(
                    Level.WARNING,
                    "Live event " + action + " of " + resource + " " + rowId + " not published: " + e,
                    e);
        }
    }

    /**
     * Records the row events {@code changes} of a job's chunk once it committed (docs/admin-api.md, "Jobs"), as
     * {@link #publish} does one by one, in one transaction of their own: one INSERT for all and one NOTIFY each. Never
     * throws (a failure is logged at WARNING).
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void publishAll(List<dev.warden.panel.audit.RowChange> changes) {
        List<dev.warden.panel.audit.RowChange> kept = changes.stream()
                .filter(c -> c != null
                        && LiveEvent.ACTIONS.contains(c.action())
                        && c.resource() != null
                        && c.rowId() != null)
                .toList();
        if (kept.isEmpty()) {
            return;
        }
        try {
            Sql.with(dataSource, "Publishing live events", c -> {
                List<String> payloads = new java.util.ArrayList<>();
                try (var insert = c.prepareStatement(INSERT_ALL)) {
                    insert.setArray(
                            1,
                            c.createArrayOf(
                                    "text", kept.stream().map(r -> r.resource()).toArray()));
                    insert.setArray(
                            2,
                            c.createArrayOf(
                                    "text", kept.stream().map(r -> r.action()).toArray()));
                    insert.setArray(
                            3,
                            c.createArrayOf(
                                    "text", kept.stream().map(r -> r.rowId()).toArray()));
                    try (var rs = insert.executeQuery()) {
                        while (rs.next()) {
                            LiveEvent event =
                                    new LiveEvent(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4));
                            if (event.fitsNotify()) {
                                payloads.add(event.payload());
                            }
                        }
                    }
                }
                if (!payloads.isEmpty()) {
                    try (var notify = c.prepareStatement(NOTIFY_ALL)) {
                        notify.setArray(1, c.createArrayOf("text", payloads.toArray()));
                        notify.execute();
                    }
                }
                return payloads.size();
            });
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Live events of a job's chunk (" + kept.size() + ") not published: " + e, e);
        }
    }

    /**
     * The use case of opening a stream ({@code GET /admin-api/:resource/_events}): the canonical key of the resource
     * {@code key} when {@code operator} may list it (policy, role rule, mod scope).
     *
     * @throws dev.warden.common.ApiException 403 by rule; 404 unknown key
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    public String streamable(dev.warden.auth.Operator operator, String key) {
        return moderation.authorize(operator, Operation.LIST, key).key();
    }

    /** Up to {@code limit} events of {@code resource} after event {@code afterId}, oldest first. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<LiveEvent> since(String resource, long afterId, int limit) {
        return Sql.list(
                dataSource,
                "Reading live events of " + resource,
                SINCE,
                rs -> new LiveEvent(rs.getLong(1), resource, rs.getString(2), rs.getString(3)),
                resource,
                afterId,
                limit);
    }

    /**
     * The ones of {@code sessionIds} (session row ids, {@code Operator.sessionId()}) whose session still holds: not
     * ended, expired or revoked (token version moved, e.g. by a ban).
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Set<String> validSessions(Collection<String> sessionIds) {
        Set<String> out = new HashSet<>();
        if (sessionIds.isEmpty()) {
            return out;
        }
        out.addAll(Sql.list(dataSource, "Checking live streams' sessions", VALID, rs -> rs.getString(1), (Object)
                sessionIds.toArray(String[]::new)));
        return out;
    }

    /**
     * The ones of {@code holders} whose stream may go on: the session still holds ({@link #validSessions}) and the
     * user, with the role rows they hold now, may still {@code list} the resource (policy, else the standard rule and
     * mod scope; a user with no role row left is no operator and may list nothing). Roles are read once per user.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Set<Holder> stillAllowed(Collection<Holder> holders) {
        Set<String> sessions = validSessions(holders.stream()
                .map(Holder::sessionId)
                .filter(java.util.Objects::nonNull)
                .collect(java.util.stream.Collectors.toSet()));
        Map<String, Boolean> allowed = new HashMap<>();
        Set<Holder> out = new HashSet<>();
        for (Holder holder : holders) {
            if (!sessions.contains(holder.sessionId())) {
                continue;
            }
            boolean may = allowed.computeIfAbsent(
                    holder.userId() + " " + holder.resource(),
                    k -> holder.resource().equals(JOBS_STREAM)
                            ? operators.load(holder.userId(), null).isPresent()
                            : moderation.can(holder.userId(), Operation.LIST, holder.resource()));
            if (may) {
                out.add(holder);
            }
        }
        return out;
    }

    /** Deletes events older than {@code minutes}; answers how many. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public int prune(int minutes) {
        return Sql.update(dataSource, "Pruning live events", PRUNE, minutes);
    }
}
