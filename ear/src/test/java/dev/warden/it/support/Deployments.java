package dev.warden.it.support;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;

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
}
