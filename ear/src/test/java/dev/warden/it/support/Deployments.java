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
}
