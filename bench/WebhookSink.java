import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A webhook receiver for bench/webhooks.sh and bench/cluster-check.sh (run as a single-file program):
 * {@code java bench/WebhookSink.java <port> [<delay ms> [first]]} answers every POST 204 (after the delay, default
 * none; with {@code first}, only the first arrival of each {@code webhook-id} waits, a repeat is answered at once) and
 * records, per delivery, the time from the event's {@code timestamp} (in the body) to its arrival and its {@code
 * webhook-id}. {@code GET /stats} answers {@code count=N unique=U repeats=R p50_ms=… p99_ms=… max_ms=…} (R: arrivals
 * of an id seen before) and {@code GET /reset} forgets what was recorded.
 */
public class WebhookSink {

    private static final Pattern STAMP = Pattern.compile("\"timestamp\"\\s*:\\s*\"([^\"]+)\"");
    private static final List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
    private static final java.util.Set<String> ids = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private static final java.util.concurrent.atomic.AtomicInteger repeats =
            new java.util.concurrent.atomic.AtomicInteger();

    public static void main(String[] args) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", Integer.parseInt(args[0])), 512);
        long delay = args.length > 1 ? Long.parseLong(args[1]) : 0;
        boolean firstOnly = args.length > 2 && args[2].equals("first");
        server.setExecutor(Executors.newCachedThreadPool()); // held answers must not queue the others
        server.createContext("/", exchange -> {
            long now = System.currentTimeMillis();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String path = exchange.getRequestURI().getPath();
            String answer = "";
            if (path.equals("/stats")) {
                List<Long> copy;
                synchronized (latencies) {
                    copy = new ArrayList<>(latencies);
                }
                Collections.sort(copy);
                answer = copy.isEmpty()
                        ? "count=0 unique=0 repeats=0"
                        : String.format(
                                "count=%d unique=%d repeats=%d p50_ms=%d p99_ms=%d max_ms=%d",
                                copy.size(),
                                ids.size(),
                                repeats.get(),
                                copy.get((int) (copy.size() * 0.50)),
                                copy.get(Math.min(copy.size() - 1, (int) (copy.size() * 0.99))),
                                copy.get(copy.size() - 1));
            } else if (path.equals("/reset")) {
                latencies.clear();
                ids.clear();
                repeats.set(0);
            } else {
                String id = exchange.getRequestHeaders().getFirst("webhook-id");
                boolean repeat = id != null && !ids.add(id);
                if (repeat) {
                    repeats.incrementAndGet();
                }
                if (delay > 0 && !(firstOnly && repeat)) {
                    try {
                        Thread.sleep(delay);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                Matcher m = STAMP.matcher(body);
                if (m.find()) {
                    latencies.add(now - Instant.parse(m.group(1)).toEpochMilli());
                }
            }
            byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(bytes.length == 0 ? 204 : 200, bytes.length == 0 ? -1 : bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
    }
}
