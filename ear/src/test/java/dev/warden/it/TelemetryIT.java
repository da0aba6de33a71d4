package dev.warden.it;

import dev.warden.it.support.Api;
import dev.warden.it.support.Deployments;
import dev.warden.it.support.HostingTeam;
import dev.warden.it.support.ServerLog;
import dev.warden.it.support.TestDb;
import java.time.Duration;
import java.util.regex.Pattern;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * MicroProfile Telemetry (docs/operations.md, "Telemetry"): switched on by the standard OpenTelemetry
 * settings ({@code otel.sdk.disabled=false}, i.e. {@code OTEL_SDK_DISABLED=false}), Warden's requests and its
 * upstream provider calls (the MicroProfile REST clients of {@code dev.warden.hosting.provider}) become spans, and
 * HTTP request metrics are exported. The deployment sets the settings in its MicroProfile Config and exports to the
 * server log (OpenTelemetry's {@code logging} exporter), where the test finds the spans and the metric. Off by
 * default: every other IT runs with no telemetry.
 */
@ExtendWith(ArquillianExtension.class)
class TelemetryIT {

    @Deployment(testable = false)
    static EnterpriseArchive deployment() {
        return Deployments.wardenWithConfig(
                "it-telemetry-on.jar",
                "otel.sdk.disabled=false",
                "otel.service.name=warden-it",
                "otel.traces.exporter=logging",
                "otel.metrics.exporter=logging",
                "otel.logs.exporter=none",
                "otel.metric.export.interval=1000",
                "otel.bsp.schedule.delay=200",
                // the client span ends when the provider's answer arrives: a call cut off by the test server's 1 s
                // timeout (wildfly-it.properties, it.xml) never ends its span, and on a loaded machine the cold
                // simulator's first answer took longer (the test failed on WildFly now and then)
                "warden.billing/mp-rest/readTimeout=20000",
                "dev.warden.hosting.provider.BillingProvider/customer/Timeout/value=20000");
    }

    @Test
    void anUpstreamProviderCallIsTracedAndRequestsAreMeasured() throws Exception {
        String tag = TestDb.unique();
        HostingTeam.Owned owned = HostingTeam.teamWithOwner(tag);
        String token = HostingTeam.token(owned.team(), owned.owner());
        TestDb.update(
                "INSERT INTO warden_billing_accounts (owner_user_id, provider_customer_id) VALUES (?, ?)",
                owned.owner(),
                "cus_telemetry_" + tag);
        long mark = ServerLog.mark();

        // the billing summary asks the billing provider (the simulator) for the customer: one client span at least,
        // whatever the simulator answers for an unknown customer
        Api.bearer(token).get("/api/v1/billing");

        ServerLog.await(
                mark,
                Pattern.compile("CLIENT[^\\n]*warden-simulator/billing/[^\\n]*cus_telemetry_" + tag),
                Duration.ofSeconds(30));
        ServerLog.await(mark, Pattern.compile("SERVER[^\\n]*/api/v1/billing"), Duration.ofSeconds(30));
        ServerLog.await(mark, Pattern.compile("http\\.server\\.request\\.duration"), Duration.ofSeconds(30));
    }

    /**
     * The audit-failure counter's portable form ({@code AuditFailureTelemetry}) is exported with
     * the other metrics: a database trigger refuses one audit row (as in AuditIT), the mutation succeeds, and the
     * counter {@code warden.audit.write.failures} appears in the next export.
     */
    @Test
    void aFailedAuditWriteIsCountedByTheOpenTelemetryCounter() throws Exception {
        String admin = Api.signedIn("admin", null).cookie();
        String marker = "telemetryauditfail" + TestDb.unique().replaceAll("[^a-z0-9]", "");
        TestDb.update("CREATE FUNCTION warden_it_" + marker + "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                + "IF NEW.payload::text LIKE '%" + marker
                + "%' THEN RAISE EXCEPTION 'audit refused for the test'; END IF; "
                + "RETURN NEW; END $$");
        TestDb.update("CREATE TRIGGER warden_it_" + marker + " BEFORE INSERT ON warden_admin_audit "
                + "FOR EACH ROW EXECUTE FUNCTION warden_it_" + marker + "()");
        try {
            long mark = ServerLog.mark();
            Api.post(admin, "configs", "{\"key\": \"" + marker + "\", \"value\": 1}")
                    .then()
                    .statusCode(201);
            ServerLog.await(mark, Pattern.compile("warden\\.audit\\.write\\.failures"), Duration.ofSeconds(30));
        } finally {
            TestDb.update("DROP TRIGGER warden_it_" + marker + " ON warden_admin_audit");
            TestDb.update("DROP FUNCTION warden_it_" + marker + "()");
        }
    }
}
