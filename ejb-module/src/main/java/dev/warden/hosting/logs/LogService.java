package dev.warden.hosting.logs;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.hosting.provider.InstanceAgents;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;

/**
 * {@code GET /api/v1/applications/{slug}/instances/{id}/logs} (docs/hosting-api.md, "Requirements: Endpoints" and "Requirements: Parameters" and "Requirements: Errors"):
 * reads the instance agent's output through {@link InstanceAgents} and answers plain text,
 * ANSI codes stripped, the newest 256 KB ({@link LogText}).
 *
 * <p>Order of checks: parameters (422), instance of the team's application (404), instance ready with an
 * endpoint (409), agent answer (502). The agent is called in a transaction without resources: the
 * instance lookup ran in its own transaction, so no database connection waits on the agent.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class LogService {

    private static final Logger LOG = Logger.getLogger(LogService.class.getName());

    /** {@code Retry-After} (seconds) of a 503 {@code busy} when too many log reads run at once. */
    static final String BUSY_RETRY_AFTER = "5";

    @EJB
    LogTargets targets;

    @Inject
    InstanceAgents agents;

    /**
     * The log text of instance {@code instanceId} of application {@code slug} of team {@code teamId}.
     *
     * @param lines  raw {@code lines} parameter or null (default 100); 1..500, rounded up to 100 or 500
     * @param stream raw {@code stream} parameter or null (default all); all, out or err
     * @throws ApiException 422 {@code invalid_request} (fields {@code lines}, {@code stream}); 404
     *                      {@code not_found}; 409 {@code instance_not_ready} when the instance's status is not
     *                      ready or it has no endpoint; 502 {@code instance_unreachable} when the agent does not
     *                      answer, answers an error or times out; 503 {@code busy} (Retry-After) when too many
     *                      log reads run at once
     */
    public String read(long teamId, String slug, String instanceId, String lines, String stream) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        LogText.Params params = LogText.params(lines, stream, errors);
        if (params == null) {
            throw ApiException.invalid(errors);
        }
        LogTargets.Target target = targets.find(teamId, slug, instanceId);
        if (!"ready".equals(target.status())
                || target.endpoint() == null
                || target.endpoint().isBlank()) {
            throw new ApiException(
                    ErrorCode.INSTANCE_NOT_READY,
                    "Instance " + target.instanceId() + " is "
                            + target.status() + (target.endpoint() == null ? " and has no address" : "")
                            + ": its logs can be read once it is ready");
        }
        byte[] raw;
        try {
            raw = agents.logs(target.endpoint(), params.lines(), params.stream());
        } catch (BulkheadException e) {
            throw new ApiException(
                    ErrorCode.BUSY,
                    "Too many log requests are running; retry shortly",
                    Map.of(),
                    Map.of("Retry-After", BUSY_RETRY_AFTER));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "instance {0}: agent at {1} did not answer the log request: {2}", new Object[] {
                target.instanceId(), target.endpoint(), describe(e)
            });
            throw new ApiException(
                    ErrorCode.INSTANCE_UNREACHABLE,
                    "Instance " + target.instanceId() + " did not answer the log request");
        }
        return LogText.answer(raw, params.lines());
    }

    private static String describe(Throwable e) {
        StringBuilder out =
                new StringBuilder(e.getClass().getSimpleName()).append(": ").append(e.getMessage());
        Throwable cause = e.getCause();
        for (int depth = 0; cause != null && depth < 3; depth++, cause = cause.getCause()) {
            out.append(" <- ")
                    .append(cause.getClass().getSimpleName())
                    .append(": ")
                    .append(cause.getMessage());
        }
        return out.toString();
    }
}
