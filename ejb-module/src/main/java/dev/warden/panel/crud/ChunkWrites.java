package dev.warden.panel.crud;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.common.sql.Sql;
import dev.warden.panel.registry.ResourceDef;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.json.JsonObject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The rows of a job's chunk written set-based, in a few statements in the caller's transaction (docs/admin-api.md,
 * "Jobs" rule 4; docs/decisions/job-chunks-in-one-transaction.md): each row exactly as {@link ResourceWrites} writes
 * one (the same {@link RowChanges} checks and conversions, the same errors), but one statement for all of them.
 *
 * <p>Only for a resource with a single-column key other than {@code users} (whose rows have rules of their own,
 * {@link UserAccountRules}); a method answers null when it cannot work set-based, having written nothing, and the caller
 * then writes the rows one by one through {@link ResourceWrites}. A failure is the {@link ApiException} the single-row
 * write would throw for one of the rows (not saying which): the caller's transaction must roll back and the rows go one
 * by one, so that the failing row becomes the error row.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class ChunkWrites {

    /** Most bound parameters of one statement (PostgreSQL's protocol allows 32,767). */
    static final int MAX_PARAMETERS = 30_000;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @EJB
    ResourceRows rows;

    /**
     * The rows {@code bodies} created as {@link ResourceWrites#create} creates each (its {@code create.defaults},
     * its write rules): one {@code INSERT ... VALUES (...), (...) RETURNING <key>} (a column a row leaves out is
     * {@code DEFAULT} for that row), then the new rows read in one statement.
     *
     * @return the new rows as {@link ResourceRows#read} shows them, in the order of {@code bodies}; null when this
     *         cannot be done set-based (the resource, no columns at all, more than {@value #MAX_PARAMETERS} values)
     * @throws ApiException as {@link ResourceWrites#create} for any of the rows
     */
    public List<JsonObject> createAll(ResourceDef resource, List<JsonObject> bodies, Operator operator) {
        if (bodies.isEmpty() || !setBased(resource)) {
            return null;
        }
        List<List<RowChanges.Assignment>> assignments = bodies.stream()
                .map(body -> RowChanges.forCreate(
                                resource,
                                ResourceWrites.withDefaults(resource, body, operator.userId()),
                                operator.userId())
                        .assignments())
                .toList();
        long columns = assignments.stream()
                .flatMap(List::stream)
                .map(a -> a.column().name())
                .distinct()
                .count();
        if (columns == 0 || columns * bodies.size() > MAX_PARAMETERS) {
            return null;
        }
        List<String> ids;
        try (Connection connection = dataSource.getConnection()) {
            ids = ResourceWrites.insert(connection, resource, assignments);
        } catch (SQLException e) {
            throw SqlErrors.map(resource, e);
        }
        Map<String, JsonObject> created = rows.readAll(resource, ids, false);
        if (created.size() != ids.size()) {
            throw new IllegalStateException(
                    "Created " + ids.size() + " rows of " + resource.key() + ", read " + created.size() + " back");
        }
        return ids.stream().map(created::get).toList();
    }

    /**
     * The rows {@code ids} updated with {@code body} as {@link ResourceWrites#update} updates each (no
     * {@code If-Match}), in three statements: the before-images locked and read, one {@code UPDATE ... WHERE key IN
     * (...)}, the after-images read. Not for a body that names the key.
     *
     * @return each row's result, in the order of {@code ids}; null when this cannot be done set-based (the resource,
     *         the body, a row that does not exist or an id given twice; the rows found are locked)
     * @throws ApiException as {@link ResourceWrites#update}
     */
    public List<UpdateResult> updateAll(ResourceDef resource, List<String> ids, JsonObject body, Operator operator) {
        if (ids.isEmpty()
                || !setBased(resource)
                || body.containsKey(resource.primaryKey().get(0))) {
            return null;
        }
        List<Object> keys = keys(resource, ids);
        List<RowChanges.Assignment> assignments =
                RowChanges.forUpdate(resource, body, List.of(keys.get(0))).assignments();
        Map<String, JsonObject> before = lockAll(resource, ids);
        if (before == null) {
            return null;
        }
        if (assignments.isEmpty()) {
            return ids.stream()
                    .map(id -> new UpdateResult(before.get(id), before.get(id), false))
                    .toList();
        }
        String sql = ResourceWrites.updateSet(resource, assignments) + whereKeyIn(resource, keys.size());
        try (Connection connection = dataSource.getConnection();
                PreparedStatement ps = connection.prepareStatement(sql)) {
            Sql.bind(ps, ResourceWrites.bind(ps, 1, assignments), keys.toArray());
            ps.executeUpdate();
        } catch (SQLException e) {
            throw SqlErrors.map(resource, e);
        }
        Map<String, JsonObject> after = rows.readAll(resource, ids, false);
        return ids.stream()
                .map(id -> new UpdateResult(before.get(id), after.get(id), true))
                .toList();
    }

    /**
     * The rows {@code ids} deleted as {@link ResourceWrites#delete} deletes each (no {@code If-Match}), in two
     * statements: the rows locked and read, one {@code DELETE ... WHERE key IN (...)}.
     *
     * @return the deleted rows as they were, in the order of {@code ids}; null when this cannot be done set-based
     *         (the resource, a row that does not exist or an id given twice; the rows found are locked)
     * @throws ApiException as {@link ResourceWrites#delete} (409 when another row still refers to one of them)
     */
    public List<JsonObject> deleteAll(ResourceDef resource, List<String> ids, Operator operator) {
        if (ids.isEmpty() || !setBased(resource)) {
            return null;
        }
        List<Object> keys = keys(resource, ids);
        Map<String, JsonObject> before = lockAll(resource, ids);
        if (before == null) {
            return null;
        }
        try (Connection connection = dataSource.getConnection()) {
            Sql.update(
                    connection,
                    "DELETE FROM " + Sql.quote(resource.table()) + whereKeyIn(resource, keys.size()),
                    keys.toArray());
        } catch (SQLException e) {
            throw SqlErrors.map(resource, e);
        }
        return ids.stream().map(before::get).toList();
    }

    /** A resource whose chunks may be written set-based: a single-column key, not {@code users}. */
    private static boolean setBased(ResourceDef resource) {
        return !UserAccountRules.USERS.equals(resource.key())
                && resource.primaryKey().size() == 1;
    }

    private static List<Object> keys(ResourceDef resource, List<String> ids) {
        return ids.stream().map(id -> RowAddress.decode(resource, id).get(0)).toList();
    }

    /** The rows {@code ids} locked and read, by {@code _id}; null when one is missing or given twice. */
    private Map<String, JsonObject> lockAll(ResourceDef resource, List<String> ids) {
        Map<String, JsonObject> found = rows.readAll(resource, ids, true);
        return found.size() == ids.size() && found.keySet().containsAll(ids) ? found : null;
    }

    /** {@code  WHERE "key" IN (?, ...)} for {@code n} keys of a single-column-key resource. */
    private static String whereKeyIn(ResourceDef resource, int n) {
        return " WHERE " + Sql.quote(resource.primaryKey().get(0)) + " IN ("
                + String.join(", ", Collections.nCopies(n, "?")) + ")";
    }
}
