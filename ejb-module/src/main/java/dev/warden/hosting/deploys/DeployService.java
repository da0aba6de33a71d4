package dev.warden.hosting.deploys;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.sql.Sql;
import dev.warden.hosting.apps.HostedApps;
import dev.warden.hosting.apps.HostedApps.HostedApp;
import dev.warden.hosting.query.QueryParams;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Deploys of an application (docs/hosting-api.md, "Requirements: Deploy" and "Requirements: Parameters", deploys; "Deploy output: kept 30 days and
 * always for the application's 10 most recent deploys, otherwise null. Deploys older than a year are deleted and
 * return 404"). The retention rules hold in every answer even between two runs of the nightly
 * {@code MetricPartitions} clean-up, which deletes and nulls the rows themselves.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class DeployService {

    /** Deploy list limit bounds and default. */
    public static final int MIN_LIMIT = 1;

    public static final int MAX_LIMIT = 50;
    public static final int DEFAULT_LIMIT = 20;
    /** Deploys whose output is kept whatever their age. */
    public static final int KEEP_OUTPUT_OF_LATEST = 10;

    /** Columns of a deploy answer; {@code keep_output} tells whether output is still kept. */
    public static final String COLUMNS = "d.id, d.status, d.branch, d.commit, d.message, d.started_at, d.finished_at";

    static final String NOT_EXPIRED = "d.started_at >= now() - interval '1 year'";

    @EJB
    HostedApps apps;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /**
     * {@code {application, data: [Deploy without output]}}, most recent first ({@code started_at}, then id),
     * {@code limit} 1..50 (default 20).
     *
     * @throws ApiException 404 for no such application in the team; 422 for a bad {@code limit}
     */
    public JsonObject list(long teamId, String slug, Map<String, List<String>> parameters) {
        HostedApp app = apps.find(teamId, slug);
        QueryParams params = new QueryParams(parameters);
        long limit = params.integer("limit", MIN_LIMIT, MAX_LIMIT, DEFAULT_LIMIT);
        params.throwIfInvalid();
        JsonArrayBuilder data = JSON.createArrayBuilder();
        Sql.list(
                        dataSource,
                        "Reading deploys",
                        "SELECT " + COLUMNS + " FROM warden_deploys d WHERE d.application_id = ? AND " + NOT_EXPIRED
                                + " ORDER BY d.started_at DESC, d.id DESC LIMIT ?",
                        DeployService::deploy,
                        app.id(),
                        limit)
                .forEach(data::add);
        return JSON.createObjectBuilder()
                .add("application", app.slug())
                .add("data", data)
                .build();
    }

    /**
     * {@code {data: Deploy with output}}; {@code output} is null once the deploy is older than 30 days unless it is
     * among the application's 10 most recent.
     *
     * @throws ApiException 404 for no such application in the team, or no such deploy of it (ids that are not
     *                      integers, another application's deploy and deploys older than a year included)
     */
    public JsonObject get(long teamId, String slug, String deployId) {
        HostedApp app = apps.find(teamId, slug);
        long id;
        try {
            id = Long.parseLong(deployId);
        } catch (NumberFormatException e) {
            throw ApiException.notFound("No deploy '" + deployId + "' in application " + slug);
        }
        String sql = "SELECT " + COLUMNS + ", CASE WHEN d.started_at >= now() - interval '30 days' OR d.id IN "
                + "(SELECT r.id FROM warden_deploys r WHERE r.application_id = d.application_id "
                + "ORDER BY r.started_at DESC, r.id DESC LIMIT " + KEEP_OUTPUT_OF_LATEST + ") THEN d.output END "
                + "FROM warden_deploys d WHERE d.id = ? AND d.application_id = ? AND " + NOT_EXPIRED;
        JsonObjectBuilder deploy = Sql.first(
                        dataSource,
                        "Reading deploy " + id,
                        sql,
                        rs -> {
                            JsonObjectBuilder out = deploy(rs);
                            nullable(out, "output", rs.getString(8));
                            return out;
                        },
                        id,
                        app.id())
                .orElseThrow(() -> ApiException.notFound("No deploy " + id + " in application " + slug));
        return JSON.createObjectBuilder().add("data", deploy).build();
    }

    /**
     * A deploy without output ({@code {id, status, branch, commit, message, started_at, finished_at}}, the wire shape
     * of docs/hosting-api.md, "Requirements: Deploy") from the {@link #COLUMNS} of the current row; also the agent's answer.
     */
    public static JsonObjectBuilder deploy(ResultSet rs) throws SQLException {
        JsonObjectBuilder out = JSON.createObjectBuilder()
                .add("id", rs.getLong(1))
                .add("status", rs.getString(2))
                .add("branch", rs.getString(3));
        nullable(out, "commit", rs.getString(4));
        nullable(out, "message", rs.getString(5));
        out.add("started_at", rs.getObject(6, OffsetDateTime.class).toInstant().toString());
        OffsetDateTime finished = rs.getObject(7, OffsetDateTime.class);
        nullable(
                out,
                "finished_at",
                finished == null ? null : finished.toInstant().toString());
        return out;
    }

    static void nullable(JsonObjectBuilder out, String name, String value) {
        if (value == null) {
            out.addNull(name);
        } else {
            out.add(name, value);
        }
    }
}
