package dev.warden.it.support;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import java.io.File;

/** The archive every integration test deploys: the real EAR the build just packaged. */
public final class Deployments {

    private Deployments() {
    }

    /** {@code ear/target/warden.ear} (system property {@code warden.it.ear}, set by failsafe), unchanged. */
    public static EnterpriseArchive warden() {
        File ear = new File(System.getProperty("warden.it.ear", "target/warden.ear"));
        if (!ear.isFile()) {
            throw new IllegalStateException("Build the EAR first: " + ear.getAbsolutePath() + " is missing");
        }
        return ShrinkWrap.createFromZipFile(EnterpriseArchive.class, ear);
    }

    /**
     * The real EAR plus the test extension jar in {@code lib/}, as an integrator packages theirs: entities,
     * migrations and a {@code PanelCustomizer} (system property {@code warden.it.test-extension}, set by
     * failsafe to the jar the reactor built).
     */
    public static EnterpriseArchive wardenWithTestExtension() {
        File jar = new File(System.getProperty("warden.it.test-extension", "../test-extension/target/warden-test-extension-0.1.0.jar"));
        if (!jar.isFile()) {
            throw new IllegalStateException("Build the test extension first: " + jar.getAbsolutePath() + " is missing");
        }
        EnterpriseArchive ear = warden();
        ear.addAsLibrary(jar);
        return ear;
    }

    /**
     * The real EAR plus a test WAR at {@code /warden-it-hooks} holding IT-only hooks into the EJBs
     * ({@link dev.warden.it.hooks.EgressCopyHook}), added to {@code application.xml}. Production never has it.
     */
    public static EnterpriseArchive wardenWithItHooks() {
        EnterpriseArchive ear = warden();
        WebArchive hooks = ShrinkWrap.create(WebArchive.class, "warden-it-hooks.war")
                .addClass(dev.warden.it.hooks.EgressCopyHook.class);
        ear.addAsModule(hooks);
        String xml;
        try (InputStream in = ear.get("META-INF/application.xml").getAsset().openStream()) {
            xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String module = "  <module>\n    <web>\n      <web-uri>warden-it-hooks.war</web-uri>\n"
                + "      <context-root>/warden-it-hooks</context-root>\n    </web>\n  </module>\n";
        int at = xml.indexOf("  <library-directory>");
        xml = at < 0 ? xml.replace("</application>", module + "</application>") : xml.substring(0, at) + module + xml.substring(at);
        ear.delete("META-INF/application.xml");
        ear.setApplicationXML(new StringAsset(xml));
        return ear;
    }
}
