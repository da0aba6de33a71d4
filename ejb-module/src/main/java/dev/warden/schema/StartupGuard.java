package dev.warden.schema;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.inject.Inject;
import jakarta.interceptor.InvocationContext;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * The interceptor of every start-up singleton's {@code @PostConstruct} ({@code @Interceptors(StartupGuard.class)} on
 * each {@code @Startup @Singleton}): when a start-up step throws, the application still deploys but as a failed
 * start ({@link SchemaState#startFailed}): one SEVERE log line names the step and its cause, {@code /health/live}
 * answers DOWN so that an orchestrator restarts the node, readiness is DOWN and the APIs answer 503. Without it the
 * server would stay up with the application undeployed while liveness answered UP (Open Liberty reports a server
 * whose application failed as live). A step that failed inside a container transaction never commits half its work:
 * the transaction is marked for rollback, which makes the container refuse the bean, so such a step (the demo seeding)
 * still fails the deployment after its log line. docs/operations.md, "Start-up failures".
 */
public class StartupGuard {

    @Inject
    SchemaState state;

    @Resource
    TransactionSynchronizationRegistry transactions;

    /** Runs the step; a failure is recorded and logged, not rethrown. */
    @PostConstruct
    void guard(InvocationContext context) {
        try {
            context.proceed();
        } catch (Exception | Error e) {
            if (e instanceof VirtualMachineError error) {
                throw error;
            }
            state.startFailed(stepOf(context), e);
            if (transactions != null && transactions.getTransactionKey() != null) {
                transactions.setRollbackOnly();
            }
        }
    }

    /** The bean's class name without a container's generated suffix, e.g. "SchemaMigrator". */
    static String stepOf(InvocationContext context) {
        Object target = context.getTarget();
        String name = target == null ? "start-up" : target.getClass().getSimpleName();
        int generated = name.indexOf('$');
        return generated > 0 ? name.substring(0, generated) : name;
    }
}
