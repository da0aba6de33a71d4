package dev.warden.it.support;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.function.Supplier;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a black-box integration test class against the EAR that the test classes share, instead of deploying
 * one of its own: the test server keeps one deployment of {@link #value()} across consecutive classes that ask
 * for the same one ({@link SharedDeployments} deploys and swaps it; Arquillian's Liberty container still
 * starts and stops the server). Carries {@code @ExtendWith(ArquillianExtension.class)}.
 *
 * <p>A class asks for a shared EAR when its tests only talk HTTP and SQL and keep to data they create
 * themselves (unique keys, {@link TestDb#unique()}); a class that needs an archive nobody else uses (a config
 * jar, a hook WAR, a changed EAR) declares its own {@code @Deployment} instead, and the shared EAR is
 * undeployed while it runs. Extra archives beside the shared EAR (another context root, another name, e.g.
 * {@code HostingPollerIT}'s simulator copy) may still be declared with {@code @Deployment}.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ExtendWith(ArquillianExtension.class)
public @interface SharedDeployment {

    /** Which EAR the class runs against; the plain {@code warden.ear} unless said otherwise. */
    Ear value() default Ear.WARDEN;

    /** The EARs that test classes share, each built by {@link Deployments}. */
    enum Ear {
        /** The real EAR as the build packaged it ({@link Deployments#warden()}). */
        WARDEN(Deployments::warden),
        /**
         * The real EAR with the hosting API's rate limits and cache on, and the IT-only hooks
         * ({@link Deployments#wardenWithHostingLimitsAndItHooks()}).
         */
        WARDEN_WITH_HOSTING_LIMITS(Deployments::wardenWithHostingLimitsAndItHooks),
        /** The real EAR with the test extension jar in {@code lib/} ({@link Deployments#wardenWithTestExtension()}). */
        WARDEN_WITH_TEST_EXTENSION(Deployments::wardenWithTestExtension),
        /** The real EAR configured for the live-rooms tests ({@link Deployments#wardenWithRoomsConfig()}). */
        WARDEN_WITH_ROOMS_CONFIG(Deployments::wardenWithRoomsConfig);

        private final Supplier<EnterpriseArchive> archive;

        Ear(Supplier<EnterpriseArchive> archive) {
            this.archive = archive;
        }

        /** A fresh copy of the archive. */
        public EnterpriseArchive archive() {
            return archive.get();
        }
    }
}
