package dev.warden.hosting.dashboard;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.hosting.apps.ApplicationService;
import dev.warden.hosting.deploys.DeployService;
import dev.warden.hosting.egress.EgressService;
import dev.warden.hosting.metrics.MetricsService;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.policy.Moderation;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Map;

/**
 * The hosting dashboard's use cases for operators
 * (docs/decisions/hosting-dashboard-in-the-panel.md; docs/hosting-api.md, "Requirements"):
 * a team's applications, metrics history, egress per day and deploy history,
 * answered by the hosting API's own services, so with its shapes and parameters. Each method takes the operator and
 * needs {@code list} on the resources shown ({@link Moderation}: the panel's policy, role rule and mod scope; 403
 * otherwise), then asks the service. A team id that is not a number is 404, as an unknown team.
 */
@Stateless
public class HostingDashboard {

    @EJB
    Moderation moderation;

    @EJB
    ApplicationService applications;

    @EJB
    MetricsService metrics;

    @EJB
    EgressService egress;

    @EJB
    DeployService deploys;

    /** The team's applications; needs {@code list} on {@code applications}. */
    public JsonObject applications(Operator operator, String team) {
        authorize(operator, "applications");
        return applications.list(teamId(team));
    }

    /** An application's metrics history; needs {@code list} on {@code applications} and {@code instances}. */
    public JsonObject metrics(Operator operator, String team, String slug, Map<String, List<String>> params) {
        authorize(operator, "applications", "instances");
        return metrics.history(teamId(team), slug, params);
    }

    /** An application's egress per day; needs {@code list} on {@code egressDays}. */
    public JsonObject egress(Operator operator, String team, String slug, Map<String, List<String>> params) {
        authorize(operator, "egressDays");
        return egress.egress(teamId(team), slug, params);
    }

    /** An application's deploy history; needs {@code list} on {@code deploys}. */
    public JsonObject deploys(Operator operator, String team, String slug, Map<String, List<String>> params) {
        authorize(operator, "deploys");
        return deploys.list(teamId(team), slug, params);
    }

    private void authorize(Operator operator, String... keys) {
        for (String key : keys) {
            moderation.authorize(operator, Operation.LIST, key);
        }
    }

    private static long teamId(String team) {
        try {
            return Long.parseLong(team);
        } catch (NumberFormatException e) {
            throw ApiException.notFound("No team '" + team + "'");
        }
    }
}
