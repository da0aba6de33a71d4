package dev.warden.it.support;

import java.util.logging.Logger;
import org.jboss.arquillian.container.spi.Container;
import org.jboss.arquillian.container.spi.ContainerRegistry;
import org.jboss.arquillian.container.spi.client.container.DeploymentException;
import org.jboss.arquillian.container.spi.context.ContainerContext;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.core.api.Instance;
import org.jboss.arquillian.core.api.annotation.Inject;
import org.jboss.arquillian.core.api.annotation.Observes;
import org.jboss.arquillian.core.spi.LoadableExtension;
import org.jboss.arquillian.test.spi.TestClass;
import org.jboss.arquillian.test.spi.event.suite.AfterSuite;
import org.jboss.arquillian.test.spi.event.suite.BeforeClass;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;

/**
 * The Arquillian extension behind {@link SharedDeployment}: before each test class (ahead of Arquillian's own
 * deployment of the class's {@code @Deployment} archives) it makes the server carry exactly what the class
 * needs, and undeploys the shared EAR after the last class, before Arquillian stops the server.
 *
 * <ul>
 *   <li>{@code @SharedDeployment(ear)}: deploys {@code ear} unless it is deployed already (undeploying another
 *       shared EAR first);</li>
 *   <li>no {@code @SharedDeployment} but a {@code @Deployment}: undeploys the shared EAR, so the class's own
 *       archive (same application name and context root) has the server to itself;</li>
 *   <li>neither: fails the class (an IT must say what it runs against).</li>
 * </ul>
 *
 * <p>Registered through {@code META-INF/services/org.jboss.arquillian.core.spi.LoadableExtension} in the ear
 * module's test resources. Failsafe runs the classes one after another in one JVM; nothing here is
 * concurrent.
 */
public class SharedDeployments {

    private static final Logger LOG = Logger.getLogger(SharedDeployments.class.getName());

    /** Registers the observer with Arquillian. */
    public static class Extension implements LoadableExtension {
        @Override
        public void register(ExtensionBuilder builder) {
            builder.observer(SharedDeployments.class);
        }
    }

    @Inject
    private Instance<ContainerRegistry> registry;

    /**
     * The container's context, active around each deploy and undeploy as when Arquillian deploys: WildFly's
     * adapter keeps its deployer in a container-scoped instance (null outside that context).
     */
    @Inject
    private Instance<ContainerContext> containerContext;

    private SharedDeployment.Ear deployed;
    private EnterpriseArchive archive;

    /** Before Arquillian's ContainerEventController (precedence 0) generates and deploys the class's archives. */
    public void beforeClass(@Observes(precedence = 100) BeforeClass event) throws DeploymentException {
        TestClass testClass = event.getTestClass();
        SharedDeployment shared = testClass.getJavaClass().getAnnotation(SharedDeployment.class);
        if (shared == null) {
            if (testClass.getMethods(Deployment.class).length == 0) {
                throw new IllegalStateException(testClass.getName() + " runs against nothing: annotate it with "
                        + "@SharedDeployment or give it a @Deployment method");
            }
            undeploy();
            return;
        }
        if (shared.value() == deployed) {
            return;
        }
        undeploy();
        EnterpriseArchive next = shared.value().archive();
        long started = System.nanoTime();
        Container container = container();
        containerContext.get().activate(container.getName());
        try {
            container.getDeployableContainer().deploy(next);
        } finally {
            containerContext.get().deactivate();
        }
        deployed = shared.value();
        archive = next;
        LOG.info(() -> "[warden-it] shared deployment " + deployed + " for " + testClass.getName() + " in "
                + (System.nanoTime() - started) / 1_000_000 + " ms");
    }

    /** Before Arquillian stops the server (its AfterSuite observer has precedence 0). */
    public void afterSuite(@Observes(precedence = 100) AfterSuite event) throws DeploymentException {
        undeploy();
    }

    private void undeploy() throws DeploymentException {
        if (archive == null) {
            return;
        }
        EnterpriseArchive gone = archive;
        archive = null;
        deployed = null;
        Container container = container();
        containerContext.get().activate(container.getName());
        try {
            container.getDeployableContainer().undeploy(gone);
        } finally {
            containerContext.get().deactivate();
        }
    }

    private Container container() {
        return registry.get().getContainers().get(0);
    }
}
