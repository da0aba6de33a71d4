package dev.warden.hosting.agent;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.common.Hashing;
import dev.warden.common.WindowCounters;
import dev.warden.common.sql.Sql;
import dev.warden.hosting.deploys.DeployService;
import dev.warden.hosting.metrics.MetricPartitions;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The instance agents' ingestion API (contracts: {@code /agent/v1}; docs/architecture.md, "Requirements: Hosting side"): authenticates an agent by
 * the SHA-256 of its bearer secret against {@code warden_instances.agent_secret_hash}, stores reports in
 * {@code warden_metric_samples} (idempotent on instance and {@code sampled_at}) and applies deploy progress to
 * {@code warden_deploys}.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class AgentIngestion {

    /** Deploy statuses an agent may report. */
    public static final Set<String> PROGRESS_STATUSES = Set.of("deploying", "deployed", "failed");

    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{7,40}");
    static final int MAX_MESSAGE = 2_000;
    static final int MAX_CHUNK = 1_048_576;

    /** The authenticated instance. */
    public record AgentInstance(long instanceId, long applicationId) {}

    /** The outcome of a report: {@code created} false for a replay; {@code body} the answer. */
    public record Stored(boolean created, JsonObject body) {}

    @EJB
    MetricPartitions partitions;

    @EJB
    WindowCounters counters;

    /** Reports accepted per instance per minute; more are 429 with {@code Retry-After}. */
    @Inject
    @ConfigProperty(name = "warden.agent.reports-per-minute", defaultValue = "20")
    int reportsPerMinute;

    /** Characters of output one deploy may hold in total; a chunk beyond is 422. */
    @Inject
    @ConfigProperty(name = "warden.agent.deploy-output-max-chars", defaultValue = "1048576")
    long maxOutput;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /**
     * Checks the bearer secret of instance {@code pathId}.
     *
     * @param pathId the {@code {id}} path segment
     * @param secret the bearer secret, or null when the header is missing or not a bearer one
     * @throws ApiException 401 {@code unauthenticated} for a missing secret or one that does not match; 404
     *                      {@code not_found} when there is no such instance
     */
    public AgentInstance authenticate(String pathId, String secret) {
        if (secret == null || secret.isBlank()) {
            throw ApiException.unauthenticated("Send Authorization: Bearer <agent secret>");
        }
        long id;
        try {
            id = Long.parseLong(pathId);
        } catch (NumberFormatException e) {
            throw ApiException.notFound("No instance '" + pathId + "'");
        }
        Object[] row = Sql.first(
                        dataSource,
                        "Reading instance " + id,
                        "SELECT i.agent_secret_hash, l.application_id FROM warden_instances i "
                                + "JOIN warden_locations l ON l.id = i.location_id WHERE i.id = ?",
                        rs -> new Object[] {rs.getString(1), rs.getLong(2)},
                        id)
                .orElseThrow(() -> ApiException.notFound("No instance " + id));
        String stored = (String) row[0];
        String given = Hashing.sha256Hex(secret);
        if (stored == null
                || !MessageDigest.isEqual(
                        stored.getBytes(StandardCharsets.US_ASCII), given.getBytes(StandardCharsets.US_ASCII))) {
            throw ApiException.unauthenticated("The agent secret is not valid for instance " + id);
        }
        return new AgentInstance(id, (Long) row[1]);
    }

    /**
     * Stores one report of {@code instance}: {@code {"data": {"instance_id", "sampled_at"}}}, {@code created} true
     * when stored, false when that (instance, sampled_at) was already stored (the stored sample is kept as is).
     * Writes nothing else. A missing day partition is created first.
     *
     * @throws ApiException 429 {@code rate_limited} with {@code Retry-After} beyond
     *                      {@code warden.agent.reports-per-minute} reports of the instance in a minute; 422
     *                      {@code invalid_request} naming every bad member ({@link AgentReport})
     */
    public Stored report(AgentInstance instance, JsonObject body) {
        WindowCounters.Count count = counters.hit(List.of("agent-report:" + instance.instanceId()), 60)
                .values()
                .iterator()
                .next();
        if (count.hits() > reportsPerMinute) {
            throw new ApiException(
                    ErrorCode.RATE_LIMITED,
                    "More than " + reportsPerMinute + " reports a minute from this instance",
                    Map.of(),
                    Map.of("Retry-After", Long.toString(count.retryAfterSeconds())));
        }
        AgentReport report = AgentReport.parse(body, Instant.now());
        partitions.ensure(LocalDate.ofInstant(report.sampledAt(), ZoneOffset.UTC));
        boolean created = Sql.update(
                        dataSource,
                        "Storing a report of instance " + instance.instanceId(),
                        "INSERT INTO warden_metric_samples (instance_id, sampled_at, ccu, rooms, cpu_percent, "
                                + "memory_percent, processes) VALUES (?, ?, ?, ?, ?, ?, ?::jsonb) "
                                + "ON CONFLICT (instance_id, sampled_at) DO NOTHING",
                        instance.instanceId(),
                        report.sampledAt(),
                        report.figures().ccu(),
                        report.figures().rooms(),
                        report.figures().cpuPercent(),
                        report.figures().memoryPercent(),
                        report.processes().toString())
                == 1;
        return new Stored(
                created,
                JSON.createObjectBuilder()
                        .add(
                                "data",
                                JSON.createObjectBuilder()
                                        .add("instance_id", instance.instanceId())
                                        .add("sampled_at", report.sampledAt().toString()))
                        .build());
    }

    /**
     * Applies deploy progress {@code {"status": "deploying|deployed|failed", "commit"?, "message"?, "output"?}} to
     * deploy {@code deployId} of the instance's application: sets the status, commit and message when given,
     * appends the output chunk, sets {@code finished_at} when the deploy reaches deployed or failed, and records the
     * status on the reporting instance ({@code deploy_status}, and {@code deployed_at} when deployed). A finished
     * deploy accepts the same final status again (a replay) but no other, and no more output; a deploy's output is
     * capped at {@code warden.agent.deploy-output-max-chars} characters in total.
     *
     * @return {@code {"data": Deploy without output}}
     * @throws ApiException 404 when the deploy does not exist or is not of the instance's application; 409
     *                      {@code conflict} for output sent after the deploy finished; 422 {@code invalid_request}
     *                      naming every bad member (an output chunk that would pass the cap included)
     */
    public JsonObject deployProgress(AgentInstance instance, String deployId, JsonObject body) {
        long id;
        try {
            id = Long.parseLong(deployId);
        } catch (NumberFormatException e) {
            throw ApiException.notFound("No deploy '" + deployId + "' of this instance's application");
        }
        Map<String, List<String>> errors = new LinkedHashMap<>();
        String status = string(body, "status", true, 32, errors);
        if (status != null && !PROGRESS_STATUSES.contains(status)) {
            AgentReport.add(errors, "status", "must be deploying, deployed or failed");
            status = null;
        }
        String commit = string(body, "commit", false, 40, errors);
        if (commit != null && !COMMIT.matcher(commit).matches()) {
            AgentReport.add(errors, "commit", "must be a commit hash: 7 to 40 lower-case hex digits");
        }
        String message = string(body, "message", false, MAX_MESSAGE, errors);
        String output = string(body, "output", false, MAX_CHUNK, errors);
        String wanted = status;
        return Sql.with(dataSource, "Updating deploy " + id, c -> {
            Object[] current = Sql.first(
                            c,
                            "SELECT status, COALESCE(length(output), 0) FROM warden_deploys "
                                    + "WHERE id = ? AND application_id = ? FOR UPDATE",
                            rs -> new Object[] {rs.getString(1), rs.getLong(2)},
                            id,
                            instance.applicationId())
                    .orElseThrow(() -> ApiException.notFound("No deploy " + id + " of this instance's application"));
            String was = (String) current[0];
            long stored = (Long) current[1];
            boolean finished = was.equals("deployed") || was.equals("failed");
            if (finished && output != null && !output.isEmpty()) {
                throw ApiException.conflict("The deploy already finished as " + was + "; it takes no more output");
            }
            if (output != null && stored + output.length() > maxOutput) {
                AgentReport.add(errors, "output", "the deploy's output would pass " + maxOutput + " characters");
            }
            if (wanted != null && finished && !wanted.equals(was)) {
                AgentReport.add(errors, "status", "the deploy already finished as " + was);
            }
            if (!errors.isEmpty()) {
                throw ApiException.invalid(errors);
            }
            Sql.update(
                    c,
                    "UPDATE warden_deploys SET status = ?, commit = COALESCE(?, commit), message = COALESCE(?, message), "
                            + "output = CASE WHEN ?::text IS NULL THEN output ELSE COALESCE(output, '') || ?::text END, "
                            + "finished_at = CASE WHEN ? IN ('deployed', 'failed') THEN COALESCE(finished_at, now()) END "
                            + "WHERE id = ?",
                    wanted,
                    commit,
                    message,
                    output,
                    output,
                    wanted,
                    id);
            if (!finished || wanted.equals(was)) {
                Sql.update(
                        c,
                        "UPDATE warden_instances SET deploy_status = ?, deployed_at = CASE WHEN ? = 'deployed' "
                                + "THEN COALESCE((SELECT finished_at FROM warden_deploys WHERE id = ?), now()) "
                                + "ELSE deployed_at END WHERE id = ?",
                        wanted,
                        wanted,
                        id,
                        instance.instanceId());
            }
            JsonObjectBuilder deploy = Sql.first(
                            c,
                            "SELECT " + DeployService.COLUMNS + " FROM warden_deploys d WHERE d.id = ?",
                            DeployService::deploy,
                            id)
                    .orElseThrow();
            return JSON.createObjectBuilder().add("data", deploy).build();
        });
    }

    private static String string(
            JsonObject body, String name, boolean required, int max, Map<String, List<String>> errors) {
        JsonValue value = body.get(name);
        if (value == null || value == JsonValue.NULL) {
            if (required) {
                AgentReport.add(errors, name, "is required");
            }
            return null;
        }
        if (!(value instanceof JsonString s)) {
            AgentReport.add(errors, name, "must be a string");
            return null;
        }
        if (s.getString().length() > max) {
            AgentReport.add(errors, name, "must be at most " + max + " characters");
            return null;
        }
        return s.getString();
    }
}
