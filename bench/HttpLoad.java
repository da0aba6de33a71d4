import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A closed-loop HTTP load generator for the benchmarks (run as a single-file program, no build):
 * {@code java bench/HttpLoad.java <concurrency> <seconds> <request> [<request> ...]} where each request is
 * {@code URL} or {@code URL|Header: value|Header: value}, optionally led by a method ({@code POST URL|...}) and
 * with a part {@code body=<text>} (e.g. {@code POST http://h/admin-api/userNotes|Content-Type: application/json|body={"user_id": 1, "body": "x"}}). Each of the {@code concurrency} threads sends the requests
 * in turn, one at a time, for {@code seconds} (after a warm-up of a quarter of that, not counted), and the program
 * prints one line: {@code requests=N rps=R p50_ms=… p95_ms=… p99_ms=… statuses={200=…}}.
 *
 * <p>Count mode: {@code n=<N>} instead of {@code <seconds>} sends exactly N requests (no warm-up), the i-th one being
 * request i of the list (cycling when the list is shorter), taken in turn by the {@code concurrency} threads; rps is
 * then over the wall time of the N requests. An argument {@code @<file>} stands for the file's non-empty lines,
 * one request each (for long lists of distinct URLs, e.g. bench/hosting-metrics-http.sh).
 *
 * <p>Fixed-rate mode: {@code <seconds>@<rate>} (e.g. {@code 15@100}) sends {@code rate} requests a second whatever
 * the answers' speed (open loop, as wrk2 does), request k due at {@code k / rate} s, taken by whichever of the
 * {@code concurrency} threads is free; each latency counts from the request's due time, so a server that falls
 * behind shows its queue in the percentiles (no coordinated omission). Use enough threads for the rate.
 */
public class HttpLoad {

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: java bench/HttpLoad.java <concurrency> <seconds>|n=<count> <url[|Header: value...]>|@<file>...");
            System.exit(2);
        }
        int concurrency = Integer.parseInt(args[0]);
        boolean counted = args[1].startsWith("n=");
        long total = counted ? Long.parseLong(args[1].substring(2)) : 0;
        int at = args[1].indexOf('@');
        double rate = at > 0 ? Double.parseDouble(args[1].substring(at + 1)) : 0;
        double seconds = counted ? 0 : Double.parseDouble(at > 0 ? args[1].substring(0, at) : args[1]);
        List<String> specs = new ArrayList<>();
        for (String arg : Arrays.copyOfRange(args, 2, args.length)) {
            if (arg.startsWith("@")) {
                Files.readAllLines(Path.of(arg.substring(1))).stream()
                        .filter(line -> !line.isBlank())
                        .forEach(specs::add);
            } else {
                specs.add(arg);
            }
        }
        List<HttpRequest> requests = new ArrayList<>();
        for (String spec : specs) {
            String method = "GET";
            int space = spec.indexOf(' ');
            if (space > 0 && spec.substring(0, space).matches("POST|PUT|PATCH|DELETE")) {
                method = spec.substring(0, space);
                spec = spec.substring(space + 1);
            }
            String[] parts = spec.split("\\|");
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(parts[0])).timeout(Duration.ofSeconds(30));
            String body = null;
            for (int i = 1; i < parts.length; i++) {
                if (parts[i].startsWith("body=")) {
                    body = parts[i].substring(5);
                    continue;
                }
                int colon = parts[i].indexOf(':');
                b.header(parts[i].substring(0, colon).trim(), parts[i].substring(colon + 1).trim());
            }
            b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
            requests.add(b.build());
        }
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        long begin = System.nanoTime();
        long warmupEnd = counted ? begin : begin + (long) (seconds * 0.25e9);
        long end = counted ? Long.MAX_VALUE : warmupEnd + (long) (seconds * 1e9);
        AtomicLong next = new AtomicLong();
        int buckets = 60_000; // latency histogram in 0.1 ms steps up to 6 s
        AtomicLong[] histogram = new AtomicLong[buckets + 1];
        for (int i = 0; i <= buckets; i++) {
            histogram[i] = new AtomicLong();
        }
        LongAdder count = new LongAdder();
        Map<Integer, LongAdder> statuses = new ConcurrentHashMap<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < concurrency; t++) {
            int offset = t;
            Thread thread = new Thread(() -> {
                long i = offset;
                while (true) {
                    if (counted) {
                        i = next.getAndIncrement();
                        if (i >= total) {
                            return;
                        }
                    }
                    long started;
                    if (rate > 0) {
                        long k = next.getAndIncrement();
                        started = begin + (long) (k * 1e9 / rate);
                        if (started >= end) {
                            return;
                        }
                        long wait = started - System.nanoTime();
                        if (wait > 0) {
                            try {
                                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                            } catch (InterruptedException e) {
                                return;
                            }
                        }
                    } else {
                        started = System.nanoTime();
                    }
                    if (started >= end) {
                        return;
                    }
                    HttpRequest request = requests.get((int) (i++ % requests.size()));
                    int status;
                    try {
                        status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
                    } catch (Exception e) {
                        status = -1;
                    }
                    long finished = System.nanoTime();
                    if (started >= warmupEnd && finished <= end) {
                        count.increment();
                        statuses.computeIfAbsent(status, s -> new LongAdder()).increment();
                        histogram[(int) Math.min(buckets, (finished - started) / 100_000)].incrementAndGet();
                    }
                }
            });
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        long n = count.sum();
        if (counted) {
            seconds = (System.nanoTime() - begin) / 1e9;
        }
        Map<Integer, Long> byStatus = new TreeMap<>();
        statuses.forEach((k, v) -> byStatus.put(k, v.sum()));
        System.out.printf("requests=%d rps=%.1f p50_ms=%.1f p95_ms=%.1f p99_ms=%.1f statuses=%s%n", n, n / seconds,
                percentile(histogram, n, 0.50), percentile(histogram, n, 0.95), percentile(histogram, n, 0.99), byStatus);
    }

    private static double percentile(AtomicLong[] histogram, long n, double p) {
        long target = (long) Math.ceil(n * p);
        long seen = 0;
        for (int i = 0; i < histogram.length; i++) {
            seen += histogram[i].get();
            if (seen >= target && target > 0) {
                return i / 10.0;
            }
        }
        return Double.NaN;
    }
}
