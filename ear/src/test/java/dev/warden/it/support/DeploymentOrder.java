package dev.warden.it.support;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;

/**
 * Runs the integration-test classes that share a deployment one after another, so the test server deploys each
 * shared EAR once per run instead of once per change of neighbour ({@link SharedDeployments} keeps a deployment
 * while consecutive classes ask for the same one). Failsafe's order (random by default: its seed is in the build
 * log, {@code -Dfailsafe.runOrder.random.seed=N} repeats it) is kept inside each group and decides the order of
 * the groups: a group takes the place of its first class. A class with an archive of its own is a group of one.
 *
 * <p>Switched on for both failsafe executions by {@code junit.jupiter.testclass.order.default} in
 * {@code ear/pom.xml}; docs/architecture.md, "Tests".
 */
public class DeploymentOrder implements ClassOrderer {

    private static final Logger LOG = Logger.getLogger(DeploymentOrder.class.getName());

    @Override
    public void orderClasses(ClassOrdererContext context) {
        List<? extends ClassDescriptor> classes = context.getClassDescriptors();
        Map<Object, Integer> first = new HashMap<>();
        for (int i = 0; i < classes.size(); i++) {
            first.putIfAbsent(group(classes.get(i)), i);
        }
        // List.sort is stable: failsafe's order stays inside each group
        classes.sort((a, b) -> Integer.compare(first.get(group(a)), first.get(group(b))));
        if (classes.size() > 1) {
            LOG.info(() -> "[warden-it] class order, grouped by deployment: "
                    + classes.stream()
                            .map(c -> c.getTestClass().getSimpleName() + "(" + group(c) + ")")
                            .collect(Collectors.joining(", ")));
        }
    }

    /** The shared EAR a class runs against, or the class itself when it deploys an archive of its own. */
    private static Object group(ClassDescriptor descriptor) {
        return descriptor
                .findAnnotation(SharedDeployment.class)
                .<Object>map(SharedDeployment::value)
                .orElse(descriptor.getTestClass().getSimpleName());
    }
}
