package dev.warden.it.support;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Marks a test method or class that runs one of the admin UI's browser scripts ({@link BrowserTests#run}) and names
 * the server whose run takes it when both servers' suites run side by side: each script then runs once per
 * {@code ./test.sh}, against Liberty or WildFly, instead of twice (docs/decisions/browser-scripts-on-one-server.md).
 *
 * <p>System property {@code warden.it.browser.scripts}: {@code all} (the default, and the Liberty run's value when
 * WildFly is left out) runs every script; {@code liberty} or {@code wildfly} (what each module sets when both run)
 * runs only the scripts assigned to that server. A disabled class is skipped before Arquillian deploys anything.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@ExtendWith(BrowserScript.OnItsServer.class)
public @interface BrowserScript {

    /** The server whose run takes the script when both run: {@code "liberty"} or {@code "wildfly"}. */
    String value();

    /** Enables a {@link BrowserScript} test where {@code warden.it.browser.scripts} is {@code all} or its server. */
    final class OnItsServer implements ExecutionCondition {

        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            BrowserScript script = context.getElement()
                    .map(element -> element.getAnnotation(BrowserScript.class))
                    .orElse(null);
            if (script == null) {
                return ConditionEvaluationResult.enabled("no browser script here");
            }
            String runs = System.getProperty("warden.it.browser.scripts", "all");
            if (!runs.equals("all") && !runs.equals(script.value())) {
                return ConditionEvaluationResult.disabled("browser script assigned to the " + script.value()
                        + " run (warden.it.browser.scripts=" + runs + ")");
            }
            return ConditionEvaluationResult.enabled("browser scripts of this run: " + runs);
        }
    }
}
