package dev.warden.hosting.provider;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.eclipse.microprofile.faulttolerance.Bulkhead;
import org.eclipse.microprofile.faulttolerance.Timeout;

/**
 * The instance agents behind MicroProfile Fault Tolerance, for {@code /instances/{id}/logs} (docs/architecture.md, "Requirements: Hosting side":
 * on failure 502 {@code instance_unreachable}).
 *
 * <p>Policies (defaults; FT keys {@code dev.warden.hosting.provider.InstanceAgents/logs/<Annotation>/<parameter>}):
 * timeout 5 s; at most 8 log reads at once (a full bulkhead raises {@code BulkheadException}). No retry
 * (the caller is waiting, and the agent already had its chance) and no circuit breaker: a breaker is per
 * method, so one dead instance would cut every other instance's logs off.
 */
@ApplicationScoped
public class InstanceAgents {

    /** Default {@code warden.agent/mp-rest/readTimeout} (ms), the FT timeout's default. */
    static final long DEFAULT_READ_TIMEOUT_MS = 5000;

    /** Most bytes of agent output kept (the newest); far above the 256 KB answered after stripping. */
    public static final int MAX_RAW_BYTES = 4 * 1024 * 1024;

    @Inject
    ProviderClients clients;

    /**
     * The newest output of the agent at {@code endpoint}: {@code GET {endpoint}/logs?lines&stream}, at most the
     * last {@value #MAX_RAW_BYTES} bytes of the body.
     *
     * @throws RuntimeException any failure (connection refused, timeout, error status, full bulkhead)
     */
    @Timeout(5000)
    @Bulkhead(8)
    public byte[] logs(String endpoint, int lines, String stream) {
        InstanceAgentClient client = clients.agent(endpoint);
        try (InputStream body = client.logs(lines, stream)) {
            return body == null ? new byte[0] : tail(body, MAX_RAW_BYTES);
        } catch (IOException e) {
            throw new UncheckedIOException("reading the agent's answer failed", e);
        } finally {
            ProviderClients.close(client);
        }
    }

    /** The last {@code max} bytes of {@code in} (all of it when shorter), read to the end. */
    static byte[] tail(InputStream in, int max) throws IOException {
        byte[] ring = new byte[max];
        long total = 0;
        byte[] chunk = new byte[64 * 1024];
        int n;
        while ((n = in.read(chunk)) > 0) {
            for (int i = 0; i < n; ) {
                int pos = (int) (total % max);
                int len = Math.min(n - i, max - pos);
                System.arraycopy(chunk, i, ring, pos, len);
                i += len;
                total += len;
            }
        }
        if (total <= max) {
            byte[] out = new byte[(int) total];
            System.arraycopy(ring, 0, out, 0, (int) total);
            return out;
        }
        int start = (int) (total % max);
        byte[] out = new byte[max];
        System.arraycopy(ring, start, out, 0, max - start);
        System.arraycopy(ring, 0, out, max - start, start);
        return out;
    }
}
