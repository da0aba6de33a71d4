package dev.warden.it.support;

import java.io.File;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The archives the integration tests run against: the real EAR the build just packaged, alone or with an
 * addition. Most classes share one deployment ({@link SharedDeployment}); the others deploy their own.
 */
public final class Deployments {

    /** The EAR's web module, as {@code ear/pom.xml} names it. */
    private static final String WEB_MODULE = "warden-web.war";

    private Deployments() {}

    /** {@code ear/target/warden.ear} (system property {@code warden.it.ear}, set by failsafe), unchanged. */
    public static EnterpriseArchive warden() {
        File ear = new File(System.getProperty("warden.it.ear", "target/warden.ear"));
        if (!ear.isFile()) {
            throw new IllegalStateException("Build the EAR first: " + ear.getAbsolutePath() + " is missing");
        }
        return ShrinkWrap.createFromZipFile(EnterpriseArchive.class, ear);
    }

    /**
     * {@code ear} under another archive name (so another application name in the server), for a test class
     * that deploys two EARs one after the other: Arquillian refuses two deployments of one class with the same
     * archive name. Nothing in Warden depends on the application's name.
     */
    public static EnterpriseArchive renamed(EnterpriseArchive ear, String archiveName) {
        return ShrinkWrap.create(EnterpriseArchive.class, archiveName).merge(ear);
    }

    /**
     * The real EAR plus the test extension jar in {@code lib/}, as an integrator packages theirs: entities,
     * migrations and a {@code PanelCustomizer} (system property {@code warden.it.test-extension}, set by
     * failsafe to the jar the reactor built).
     */
    public static EnterpriseArchive wardenWithTestExtension() {
        File jar = new File(System.getProperty(
                "warden.it.test-extension", "../test-extension/target/warden-test-extension-0.1.0.jar"));
        if (!jar.isFile()) {
            throw new IllegalStateException("Build the test extension first: " + jar.getAbsolutePath() + " is missing");
        }
        EnterpriseArchive ear = warden();
        ear.addAsLibrary(jar);
        return ear;
    }

    /**
     * {@code ear} with IT-only hooks into the EJBs ({@link dev.warden.it.hooks.EgressCopyHook}, a servlet at
     * {@code /warden-it-hooks/*}) added to its own web module. Production never has them. The hooks travel in
     * {@code warden-web.war} rather than in a WAR of their own: the EAR keeps the production module list, and
     * Open Liberty's health checks keep answering after the class's undeployment (a second web module named in a
     * same-named application once left Liberty's MicroProfile Health tracking a module that no longer existed,
     * so {@code /health} answered 500 for the rest of the run).
     */
    public static EnterpriseArchive wardenWithItHooks(EnterpriseArchive ear) {
        WebArchive web = ShrinkWrap.create(WebArchive.class, WEB_MODULE)
                .merge(ear.getAsType(WebArchive.class, WEB_MODULE))
                .addClass(dev.warden.it.hooks.EgressCopyHook.class);
        ear.delete(WEB_MODULE);
        ear.addAsModule(web);
        return ear;
    }

    /**
     * The shared EAR of the hosting classes ({@link SharedDeployment.Ear#WARDEN_WITH_HOSTING_LIMITS}): rate limits
     * and cache on ({@link #wardenWithHostingLimits}), the second-factor rule at its default (admins must enrol; the
     * test server's own configuration says {@code none}) for {@code SecondFactorsIT}, {@code warden.public-url} the test
     * server's address (the passkeys' relying party and origin, {@code PasskeysIT}), and the IT-only hooks ({@link #wardenWithItHooks}), which
     * only {@code EgressCopyIT} calls.
     */
    public static EnterpriseArchive wardenWithHostingLimitsAndItHooks() {
        // none of the hosting classes signs in to /admin-api: SecondFactorsIT shares this EAR with the default rule
        // and the test server's address as the public URL: the passkeys' relying party and origin (PasskeysIT)
        return wardenWithItHooks(
                wardenWithHostingLimits("warden.mfa.required-roles=admin", "warden.public-url=" + Api.baseUrl()));
    }

    /**
     * The shared EAR of the live-rooms classes ({@link SharedDeployment.Ear#WARDEN_WITH_ROOMS_CONFIG}): lobby rooms
     * of at most 10 clients, a 1.5 s reconnection grace and a long empty-room grace; room logs of 10 entries that
     * redact {@code whisper} messages; loopback as a trusted proxy,
     * so each player registration can come from an address of its own ({@code X-Forwarded-For},
     * {@link GameClient#register}) and {@code TrustedProxyIT} sees the header honoured; the per-address limit on
     * player sign-in and registration at 5 requests in 10 minutes; and a policy on {@code rooms} for {@code list}
     * ({@link dev.warden.it.ext.RoomsListPolicy}, admins and mods only).
     */
    public static EnterpriseArchive wardenWithRoomsConfig() {
        EnterpriseArchive ear = wardenWithConfig(
                "it-rooms.jar",
                "warden.rooms.lobby.max-clients=10",
                "warden.rooms.lobby.reconnection-grace-ms=1500",
                "warden.rooms.empty-dispose-ms=120000",
                // RoomsIT's room log: 10 entries, the data of "whisper" messages redacted
                "warden.rooms.log-size=10",
                "warden.rooms.log-redact-types=whisper",
                // one player's token opens 51 sockets at once (RoomsIT's concurrent joins): above the default 10
                "warden.rooms.max-sockets-per-user=100",
                "warden.trusted-proxies=127.0.0.1, ::1",
                "warden.players.auth-max-per-ip=5",
                "warden.players.auth-window-seconds=600");
        ear.addAsLibrary(ShrinkWrap.create(JavaArchive.class, "rooms-list-policy.jar")
                .addClass(dev.warden.it.ext.RoomsListPolicy.class)
                .addAsManifestResource(
                        new StringAsset("<beans xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" "
                                + "version=\"4.0\" bean-discovery-mode=\"annotated\"/>"),
                        "beans.xml"));
        return ear;
    }

    /**
     * The real EAR with the hosting API's rate limits and response cache switched on, plus any further
     * MicroProfile Config lines ({@code key=value}). The test server switches both off
     * ({@code it.xml}) so that the endpoint tests can call an endpoint as often as they need and always see
     * fresh data; the limit and cache tests deploy this archive instead. The lines travel in a library jar's
     * {@code META-INF/microprofile-config.properties} with {@code config_ordinal=900}, above the server's
     * variables.
     */
    public static EnterpriseArchive wardenWithHostingLimits(String... configLines) {
        String[] lines = new String[configLines.length + 2];
        lines[0] = "warden.hosting.limits.enabled=true";
        lines[1] = "warden.hosting.cache.enabled=true";
        System.arraycopy(configLines, 0, lines, 2, configLines.length);
        return wardenWithConfig("it-hosting-limits-on.jar", lines);
    }

    /**
     * The real EAR plus MicroProfile Config lines ({@code key=value}) in a library jar's
     * {@code META-INF/microprofile-config.properties} with {@code config_ordinal=900}, above the test server's
     * variables ({@code it.xml}); {@code jarName} names the jar (one per purpose, so a log line tells which).
     */
    public static EnterpriseArchive wardenWithConfig(String jarName, String... configLines) {
        StringBuilder config = new StringBuilder("config_ordinal=900\n");
        for (String line : configLines) {
            config.append(line).append('\n');
        }
        EnterpriseArchive ear = warden();
        ear.addAsLibrary(ShrinkWrap.create(JavaArchive.class, jarName)
                .addAsManifestResource(new StringAsset(config.toString()), "microprofile-config.properties"));
        return ear;
    }
}
