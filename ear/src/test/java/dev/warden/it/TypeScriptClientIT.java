package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingFixture;
import dev.warden.it.support.HostingTeam;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * the TypeScript client the build generates from {@code openapi/warden-hosting.yaml}
 * (typescript-fetch, compiled by the clients module into {@code clients/target/typescript-client/dist}) works against
 * the real server: {@code node --test} runs {@code clients/typescript/test} (applications, metrics history with
 * parameters, a typed 422 and 401, a 429 with {@code Retry-After}) with the base URL, a token and an application this
 * test made. The hosting limits are on in this deployment so the 429 is real.
 */
@SharedDeployment(Ear.WARDEN_WITH_HOSTING_LIMITS)
class TypeScriptClientIT {

    @Test
    void theGeneratedTypeScriptClientPassesItsNodeTests() throws Exception {
        File dir = new File(System.getProperty("warden.it.ts.dir", "../clients/typescript"));
        assertTrue(
                new File(dir, "../target/typescript-client/dist/index.js").isFile(),
                "build the clients module first (mvn -pl clients package): no compiled TypeScript client");
        HostingFixture team = new HostingFixture();
        String slug = "ts-" + team.tag;
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        long app = team.app(slug, now.minus(Duration.ofDays(2)));
        long instance = team.instance(HostingFixture.location(app, "fra"), null);
        HostingFixture.sample(instance, now.minus(Duration.ofMinutes(2)), 7, 2, 30.5, 55.0);
        HostingTeam.awaitWindowWithAtLeast(40);

        ProcessBuilder node = new ProcessBuilder("node", "--test", "test/hosting.test.cjs")
                .directory(dir)
                .redirectErrorStream(true);
        node.environment().put("WARDEN_BASE_URL", Api.baseUrl());
        node.environment().put("WARDEN_TOKEN", team.token);
        node.environment().put("WARDEN_SLUG", slug);
        Process process = node.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("node --test timed out:\n" + output);
        }
        System.out.println("[TypeScriptClientIT] node --test:\n" + output);
        assertEquals(0, process.exitValue(), "the TypeScript client's tests failed:\n" + output);
        assertTrue(output.contains("# pass 5"), output);
    }
}
