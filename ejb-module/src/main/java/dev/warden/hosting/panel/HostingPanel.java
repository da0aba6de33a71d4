package dev.warden.hosting.panel;

import dev.warden.common.ApiException;
import dev.warden.hosting.apps.model.Application;
import dev.warden.hosting.apps.model.Instance;
import dev.warden.hosting.apps.model.Location;
import dev.warden.hosting.billing.model.BillingAccount;
import dev.warden.hosting.billing.model.Subscription;
import dev.warden.hosting.deploys.model.Deploy;
import dev.warden.hosting.egress.model.EgressDay;
import dev.warden.hosting.teams.model.Team;
import dev.warden.hosting.teams.model.TeamMember;
import dev.warden.hosting.tokens.TokenAdmin;
import dev.warden.hosting.tokens.model.ApiToken;
import dev.warden.panel.extension.Action;
import dev.warden.panel.extension.ActionContext;
import dev.warden.panel.extension.AdminIcon;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.extension.PanelConfig;
import dev.warden.panel.extension.PanelCustomizer;
import dev.warden.panel.extension.Policy;
import dev.warden.panel.extension.SortOrder;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * Registers the hosting tables as admin-panel resources through the extension API, the same
 * {@link PanelCustomizer} integrators use (docs/architecture.md, "Requirements: Hosting side"):
 * {@code teams}, {@code teamMembers}, {@code apiTokens}, {@code applications}, {@code locations},
 * {@code instances}, {@code deploys}, {@code egressDays} (read-only), {@code billingAccounts} and
 * {@code subscriptions}. Metric samples are not a resource: the table holds about 10^8 rows (35 days x one a
 * minute per instance) and is read through the hosting API. Another hosting table is one more
 * {@code .table(key, Entity.class)} line in {@link #customize}.
 *
 * <p>API tokens: {@code token_hash} (and the instances' {@code agent_secret_hash}) are hidden. Tokens are created
 * only by the actions {@code teamMembers/createToken} (per row: a token whose creator is that owner/admin member;
 * body {@code {id, name?}}) and {@code apiTokens/createToken} (bulk; body {@code {team_id, user_id, name?}}), which
 * return the token once; revoked by the per-row action {@code apiTokens/revoke}. All three are for panel
 * {@code admin}s; the generic create and update of {@code apiTokens} are denied (a hash must come from a
 * generated token). The list shows {@code last_used_at}, kept by {@code TokenService} (at most one write a minute).
 */
@ApplicationScoped
public class HostingPanel implements PanelCustomizer {

    @EJB
    TokenAdmin tokens;

    @Override
    public void customize(PanelConfig panel) {
        panel.table("teams", Team.class)
                .table("teamMembers", TeamMember.class)
                .table("apiTokens", ApiToken.class)
                .table("applications", Application.class)
                .table("locations", Location.class)
                .table("instances", Instance.class)
                .table("deploys", Deploy.class)
                .table("egressDays", EgressDay.class)
                .table("billingAccounts", BillingAccount.class)
                .table("subscriptions", Subscription.class)
                .resource("teams", r -> r.label("Teams").icon(AdminIcon.TEAM))
                .resource("teamMembers", r -> r.label("Team members")
                        .icon(AdminIcon.TEAM)
                        .list(l -> l.columns("team_id", "user_id", "role", "created_at"))
                        .action(Action.perRow("createToken", "Create API token")
                                .roles("admin")
                                .confirm(
                                        "Create an API token for this member?",
                                        "The token is shown once; it works while this member is an owner or admin.")
                                .handler((row, ctx) -> tokens.createForMember(id(row), name(ctx)))))
                .resource("apiTokens", r -> r.label("API tokens")
                        .icon(AdminIcon.KEY)
                        .hide("token_hash")
                        .list(l -> l.columns(
                                        "name",
                                        "team_id",
                                        "created_by",
                                        "token_prefix",
                                        "created_at",
                                        "last_used_at",
                                        "revoked_at",
                                        "revoked_by")
                                .defaultSort("id", SortOrder.DESC))
                        .policy(Operation.CREATE, Policy.deny())
                        .policy(Operation.UPDATE, Policy.deny())
                        .action(Action.bulk("createToken", "Create API token")
                                .roles("admin")
                                .handler((row, ctx) ->
                                        tokens.create(required(ctx, "team_id"), required(ctx, "user_id"), name(ctx))))
                        .action(Action.perRow("revoke", "Revoke")
                                .roles("admin")
                                .confirm("Revoke this token?", "Requests with it are refused (401) at once.")
                                .handler((row, ctx) -> tokens.revoke(id(row), ctx.userId()))))
                .resource("applications", r -> r.label("Applications").icon(AdminIcon.APPSTORE))
                .resource("locations", r -> r.label("Locations").icon(AdminIcon.GLOBAL))
                .resource(
                        "instances",
                        r -> r.label("Instances").icon(AdminIcon.CLOUD_SERVER).hide("agent_secret_hash"))
                // deploy output can be large: the list leaves it out, the detail page shows it
                .resource(
                        "deploys",
                        r -> r.label("Deploys").icon(AdminIcon.THUNDERBOLT).list(l -> l.columns(
                                        "application_id",
                                        "status",
                                        "branch",
                                        "commit",
                                        "message",
                                        "started_at",
                                        "finished_at")
                                .defaultSort("started_at", SortOrder.DESC)))
                // copied hourly from the infrastructure provider: read-only in the panel
                .resource("egressDays", r -> r.label("Egress days")
                        .icon(AdminIcon.CLOUD)
                        .list(l -> l.defaultSort("day", SortOrder.DESC))
                        .policy(Operation.CREATE, Policy.deny())
                        .policy(Operation.UPDATE, Policy.deny()))
                .resource("billingAccounts", r -> r.label("Billing accounts").icon(AdminIcon.DOLLAR))
                .resource("subscriptions", r -> r.label("Subscriptions").icon(AdminIcon.DOLLAR));
    }

    private static long id(JsonObject row) {
        return row.getJsonNumber("id").longValue();
    }

    private static String name(ActionContext ctx) {
        JsonValue name = ctx.args().get("name");
        return name instanceof JsonString text ? text.getString() : null;
    }

    private static long required(ActionContext ctx, String field) {
        JsonValue value = ctx.args().get(field);
        if (value instanceof JsonNumber number) {
            return number.longValue();
        }
        if (value instanceof JsonString text && text.getString().matches("\\d{1,18}")) {
            return Long.parseLong(text.getString());
        }
        throw ApiException.invalid(field, "required: the id");
    }
}
