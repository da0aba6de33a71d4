package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.Deployments;
import dev.warden.it.support.HostingTeam;
import dev.warden.it.support.TestDb;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An integrator removes their extension jar (docs/extension.md): Warden alone must still start on the database
 * the extension migrated (its {@code V1000} stays in {@code warden_schema_history}, a "future" migration to
 * Warden's Flyway), and serve both APIs without the extension's resources. One test deploys the EAR with the
 * test extension, then Warden alone, whatever ran before it.
 */
@ExtendWith(ArquillianExtension.class)
class WardenAloneAfterAnExtensionIT {

    @ArquillianResource
    private Deployer deployer;

    @Deployment(name = "with-extension", managed = false, testable = false)
    static EnterpriseArchive withExtension() {
        return Deployments.wardenWithTestExtension();
    }

    @Deployment(name = "alone", managed = false, testable = false)
    static EnterpriseArchive alone() {
        return Deployments.renamed(Deployments.warden(), "warden-alone.ear");
    }

    @Test
    void wardenAloneStartsOnADatabaseAnExtensionMigrated() throws Exception {
        deployer.deploy("with-extension");
        assertTrue(
                TestDb.column("SELECT version FROM warden_schema_history WHERE success")
                        .contains("1000"),
                "the extension's migration ran");
        deployer.undeploy("with-extension");

        deployer.deploy("alone");
        assertTrue(
                TestDb.column("SELECT version FROM warden_schema_history WHERE success")
                        .contains("1000"),
                "the extension's migration is still in the history");
        assertEquals(1, TestDb.scalar("SELECT count(*) FROM pg_tables WHERE tablename = 'game_scores'"));

        String admin = Api.signedIn("admin", null).cookie();
        List<String> keys = Api.session(admin)
                .get("/admin-api")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("resources.key");
        assertTrue(keys.containsAll(List.of("users", "adminAudit", "applications")), keys.toString());
        assertFalse(keys.contains("scores"), "no extension resources without the extension: " + keys);

        HostingTeam team = HostingTeam.create();
        Api.bearer(team.token())
                .get("/api/v1/applications")
                .then()
                .statusCode(200)
                .body("data[0].slug", equalTo(team.slug()));
        deployer.undeploy("alone");
    }
}
