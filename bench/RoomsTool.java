import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Live rooms over real WebSockets, for the scripts in bench/ (JDK only, run as a single-file program:
 * {@code java bench/RoomsTool.java <mode> ...}). Modes:
 * <ul>
 *   <li>{@code two-nodes <urlA> <urlB> <adminCookie>}: players on node B, an operator on node A; checks that a message,
 *   a state edit and a kick sent to A act on B's room, that a ban on A closes the player's socket on B (4003, counted
 *   in sessions_closed), then times 200 admin messages from A to B's room (p50/p95/p99) and the room list.</li>
 *   <li>{@code balancer <lbUrl> <urlA> <urlB> <adminCookie>}: players hold rooms on both nodes (room RA on A, room RB
 *   on B; alice has a socket in each); every operator command goes through the load balancer and targets both rooms,
 *   so whichever node answers it, one of its two targets is on the other node: a message reaches both rooms, a kick
 *   closes bob's socket on A and carol's on B (4001), a ban closes both of alice's sockets (4003). Prints the node
 *   that answered each command (X-Warden-Node). Used by bench/cluster-check.sh.</li>
 *   <li>{@code idle <url> <sockets>}: opens that many idle player sockets (lobby rooms), prints join time p50/p95, then
 *   waits for a line on stdin (the script measures the server's heap meanwhile) and closes them.</li>
 *   <li>{@code broadcast <url> <rooms> <clientsPerRoom> <seconds>}: every client sends 2 chat messages a second; latency
 *   from a send to the last client's receipt of the patch carrying it, p50/p95/p99.</li>
 *   <li>{@code bots <url> <rooms> <botsPerRoom>}: demo bots that chat and toggle ready forever.</li>
 * </ul>
 */
public class RoomsTool {

    // HTTP/1.1: with the default (HTTP/2 via h2c upgrade) Liberty serves later requests without a Host header, which
    // Warden's allowed-hosts check refuses
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(20)).build();

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "two-nodes" -> twoNodes(args[1], args[2], args[3]);
            case "balancer" -> balancer(args[1], args[2], args[3], args[4]);
            case "idle" -> idle(args[1], Integer.parseInt(args[2]));
            case "broadcast" -> broadcast(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]),
                    Integer.parseInt(args[4]));
            case "bots" -> bots(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]));
            case "search" -> search(args[1], args[2], Integer.parseInt(args[3]), Integer.parseInt(args[4]));
            default -> throw new IllegalArgumentException("mode: two-nodes, idle, broadcast, search or bots");
        }
        System.exit(0);
    }

    // ---- HTTP helpers

    static HttpResponse<String> http(String method, String url, String cookie, String json) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                .header("User-Agent", "rooms-bench");
        if (cookie != null) {
            b.header("Cookie", "warden_session=" + cookie);
        }
        if (json != null) {
            b.header("Content-Type", "application/json");
        }
        b.method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*(\"([^\"]*)\"|(-?[0-9.]+|true|false|null))").matcher(json);
        if (!m.find()) {
            return null;
        }
        return m.group(2) != null ? m.group(2) : m.group(3);
    }

    static String register(String base, String name) throws Exception {
        String email = name + "-" + System.nanoTime() + "-" + ThreadLocalRandom.current().nextInt(1_000_000) + "@bench.example";
        HttpResponse<String> r = http("POST", base + "/game-api/v1/auth/register", null,
                "{\"email\":\"" + email + "\",\"password\":\"bench password\",\"display_name\":\"" + name + "\"}");
        if (r.statusCode() != 201) {
            throw new IllegalStateException("register: " + r.statusCode() + " " + r.body());
        }
        return field(r.body(), "token");
    }

    static void expect(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("FAILED: " + what);
        }
        System.out.println("ok: " + what);
    }

    static String pct(List<Long> nanos) {
        if (nanos.isEmpty()) {
            return "n=0";
        }
        List<Long> s = new ArrayList<>(nanos);
        Collections.sort(s);
        return String.format("n=%d p50=%.1f ms p95=%.1f ms p99=%.1f ms max=%.1f ms", s.size(), at(s, 50), at(s, 95),
                at(s, 99), s.get(s.size() - 1) / 1e6);
    }

    static double at(List<Long> sorted, int p) {
        int i = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, i))) / 1e6;
    }

    // ---- the client

    static final class Client implements WebSocket.Listener {
        final BlockingQueue<String> frames = new LinkedBlockingQueue<>();
        final CompletableFuture<Integer> closed = new CompletableFuture<>();
        final StringBuilder partial = new StringBuilder();
        volatile java.util.function.Consumer<String> onFrame;
        final boolean keep;
        WebSocket socket;
        String clientId;
        String roomId;

        Client(boolean keep) {
            this.keep = keep;
        }

        static CompletableFuture<Client> open(String base, String path, String token, boolean keep) {
            Client c = new Client(keep);
            URI uri = URI.create(base.replaceFirst("^http", "ws") + "/game-api/v1/rooms/" + path);
            return HTTP.newWebSocketBuilder().subprotocols("warden", "access_token." + token)
                    .connectTimeout(Duration.ofSeconds(60)).buildAsync(uri, c).thenApply(ws -> {
                        c.socket = ws;
                        return c;
                    });
        }

        String next(String type) throws InterruptedException {
            while (true) {
                String f = frames.poll(20, TimeUnit.SECONDS);
                if (f == null) {
                    throw new AssertionError("no " + type + " frame within 20 s");
                }
                if (f.contains("\"t\":\"" + type + "\"")) {
                    return f;
                }
            }
        }

        void send(String type, String data) {
            socket.sendText("{\"t\":\"msg\",\"type\":\"" + type + "\",\"data\":" + data + "}", true);
        }

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String f = partial.toString();
                partial.setLength(0);
                if (clientId == null && f.contains("\"t\":\"state\"")) {
                    clientId = field(f, "client_id");
                    roomId = field(f, "room_id");
                    frames.add(f);
                } else if (onFrame != null) {
                    onFrame.accept(f);
                } else if (keep) {
                    frames.add(f);
                }
            }
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket ws, int code, String reason) {
            closed.complete(code);
            return null;
        }

        @Override
        public void onError(WebSocket ws, Throwable error) {
            closed.complete(-1);
        }
    }

    // ---- modes

    static void twoNodes(String a, String b, String cookie) throws Exception {
        String t1 = register(b, "alice");
        String t2 = register(b, "bob");
        Client c1 = Client.open(b, "lobby", t1, true).get(30, TimeUnit.SECONDS);
        String state = c1.next("state");
        String room = c1.roomId;
        Client c2 = Client.open(b, "lobby/" + room, t2, true).get(30, TimeUnit.SECONDS);
        c2.next("state");
        c1.next("patch");
        String nodeB = field(http("GET", b + "/admin-api/rooms/" + room, cookie, null).body(), "node");
        HttpResponse<String> list = http("GET", a + "/admin-api/rooms?type=lobby", cookie, null);
        expect(list.statusCode() == 200 && list.body().contains(room), "node A lists room " + room + " of node " + nodeB);
        HttpResponse<String> read = http("GET", a + "/admin-api/rooms/" + room, cookie, null);
        expect(read.statusCode() == 200 && read.body().contains("\"client_id\""), "node A reads the room's state and clients "
                + "from node B: " + read.statusCode() + " " + read.body());

        HttpResponse<String> msg = http("POST", a + "/admin-api/rooms/" + room + "/message", cookie,
                "{\"type\":\"notice\",\"data\":\"from node A\"}");
        expect(msg.statusCode() == 200, "message through node A: " + msg.statusCode());
        expect(c1.next("msg").contains("from node A") && c2.next("msg").contains("from node A"),
                "both clients on node B got the message sent through node A");

        HttpResponse<String> edit = http("PATCH", a + "/admin-api/rooms/" + room + "/state", cookie,
                "{\"path\":\"/round\",\"value\":7}");
        expect(edit.statusCode() == 200 && edit.body().contains("\"round\":7"), "state edit through node A answers the new state");
        expect(c1.next("patch").contains("/round"), "the client on node B got the state edit's patch");

        HttpResponse<String> lock = http("POST", a + "/admin-api/rooms/" + room + "/lock", cookie, "{}");
        expect(lock.statusCode() == 200 && lock.body().contains("\"locked\":true"), "lock through node A");
        http("POST", a + "/admin-api/rooms/" + room + "/unlock", cookie, "{}");

        HttpResponse<String> kick = http("POST", a + "/admin-api/rooms/" + room + "/kick", cookie,
                "{\"client_id\":\"" + c2.clientId + "\",\"reason\":\"two-node check\"}");
        expect(kick.statusCode() == 200, "kick through node A: " + kick.statusCode());
        expect(c2.closed.get(10, TimeUnit.SECONDS) == 4001, "bob's socket on node B closed with 4001");

        String who = field(read.body(), "user_id");
        long start = System.nanoTime();
        HttpResponse<String> ban = http("POST", a + "/admin-api/users/" + who + "/ban", cookie, "{\"reason\":\"two-node check\"}");
        long banMs = (System.nanoTime() - start) / 1_000_000;
        expect(ban.statusCode() == 200, "ban through node A: " + ban.statusCode() + " in " + banMs + " ms");
        expect(c1.closed.get(10, TimeUnit.SECONDS) == 4003, "alice's socket on node B closed with 4003");
        String closedCount = field(ban.body(), "sessions_closed");
        expect(Integer.parseInt(closedCount) >= 2, "sessions_closed " + closedCount + " counts the token row and node B's socket");

        // admin command latency: 200 messages from node A to a room on node B
        String t3 = register(b, "carol");
        Client c3 = Client.open(b, "lobby?create=true", t3, false).get(30, TimeUnit.SECONDS);
        c3.next("state");
        String room2 = c3.roomId;
        List<Long> lat = new ArrayList<>();
        for (int i = 0; i < 220; i++) {
            long s = System.nanoTime();
            HttpResponse<String> r = http("POST", a + "/admin-api/rooms/" + room2 + "/message", cookie,
                    "{\"type\":\"notice\",\"data\":" + i + "}");
            if (r.statusCode() != 200) {
                throw new AssertionError("message " + i + ": " + r.statusCode() + " " + r.body());
            }
            if (i >= 20) {
                lat.add(System.nanoTime() - s);
            }
        }
        System.out.println("admin message A -> room on B: " + pct(lat));
        List<Long> local = new ArrayList<>();
        for (int i = 0; i < 220; i++) {
            long s = System.nanoTime();
            http("POST", b + "/admin-api/rooms/" + room2 + "/message", cookie, "{\"type\":\"notice\",\"data\":" + i + "}");
            if (i >= 20) {
                local.add(System.nanoTime() - s);
            }
        }
        System.out.println("admin message B -> room on B (same node, for comparison): " + pct(local));
        // 1,000 rooms across the two nodes (500 each, one socket per room), then the list
        List<Long> ignored = new ArrayList<>();
        String t4 = register(a, "lister");
        List<Client> many = new ArrayList<>(openMany(a, "lobby?create=true", List.of(t4), 500, ignored, false));
        many.addAll(openMany(b, "lobby?create=true", List.of(t4), 500, ignored, false));
        System.out.println("opened " + many.size() + " rooms (one socket each) across the two nodes");
        Thread.sleep(6000); // a heartbeat
        List<Long> lists = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            long s = System.nanoTime();
            HttpResponse<String> r = http("GET", a + "/admin-api/rooms?_end=1000", cookie, null);
            if (i >= 5) {
                lists.add(System.nanoTime() - s);
            }
            if (i == 0) {
                System.out.println("room list: X-Total-Count " + r.headers().firstValue("X-Total-Count").orElse("?")
                        + ", " + r.body().length() + " bytes");
            }
        }
        System.out.println("GET /admin-api/rooms?_end=1000 on node A: " + pct(lists));
        for (Client c : many) {
            c.socket.sendClose(1000, "bye");
        }
        c3.socket.sendClose(1000, "bye");
        System.out.println("TWO-NODE CHECK PASSED");
    }

    static String nodeOf(HttpResponse<String> r) {
        return r.headers().firstValue("X-Warden-Node").orElse("?");
    }

    static void balancer(String lb, String a, String b, String cookie) throws Exception {
        String alice = register(lb, "alice");
        String bob = register(lb, "bob");
        String carol = register(lb, "carol");
        Client aliceA = Client.open(a, "lobby?create=true", alice, true).get(30, TimeUnit.SECONDS);
        aliceA.next("state");
        String roomA = aliceA.roomId;
        Client bobA = Client.open(a, "lobby/" + roomA, bob, true).get(30, TimeUnit.SECONDS);
        bobA.next("state");
        Client aliceB = Client.open(b, "lobby?create=true", alice, true).get(30, TimeUnit.SECONDS);
        aliceB.next("state");
        String roomB = aliceB.roomId;
        Client carolB = Client.open(b, "lobby/" + roomB, carol, true).get(30, TimeUnit.SECONDS);
        carolB.next("state");
        String hostA = field(http("GET", a + "/admin-api/rooms/" + roomA, cookie, null).body(), "node");
        String hostB = field(http("GET", b + "/admin-api/rooms/" + roomB, cookie, null).body(), "node");
        expect(hostA != null && hostB != null && !hostA.equals(hostB), "room " + roomA + " is hosted on " + hostA
                + ", room " + roomB + " on " + hostB);
        List<String> answered = new ArrayList<>();

        for (String[] t : new String[][] {{roomA, "A"}, {roomB, "B"}}) {
            HttpResponse<String> msg = http("POST", lb + "/admin-api/rooms/" + t[0] + "/message", cookie,
                    "{\"type\":\"notice\",\"data\":\"via the balancer to " + t[1] + "\"}");
            answered.add("message to " + t[1] + ": " + nodeOf(msg));
            expect(msg.statusCode() == 200, "message to the room on " + t[1] + " through the balancer (answered by "
                    + nodeOf(msg) + "): " + msg.statusCode());
        }
        expect(aliceA.next("msg").contains("to A") && bobA.next("msg").contains("to A"), "both sockets in the room on A got its message");
        expect(aliceB.next("msg").contains("to B") && carolB.next("msg").contains("to B"), "both sockets in the room on B got its message");

        for (Object[] t : new Object[][] {{roomA, bobA, "bob", "A"}, {roomB, carolB, "carol", "B"}}) {
            Client victim = (Client) t[1];
            HttpResponse<String> kick = http("POST", lb + "/admin-api/rooms/" + t[0] + "/kick", cookie,
                    "{\"client_id\":\"" + victim.clientId + "\",\"reason\":\"cluster check\"}");
            answered.add("kick on " + t[3] + ": " + nodeOf(kick));
            expect(kick.statusCode() == 200, "kick of " + t[2] + " (room on " + t[3] + ") through the balancer (answered by "
                    + nodeOf(kick) + "): " + kick.statusCode());
            expect(victim.closed.get(10, TimeUnit.SECONDS) == 4001, t[2] + "'s socket on node " + t[3] + " closed with 4001");
        }

        String who = field(http("GET", a + "/admin-api/rooms/" + roomA, cookie, null).body(), "user_id");
        HttpResponse<String> ban = http("POST", lb + "/admin-api/users/" + who + "/ban", cookie, "{\"reason\":\"cluster check\"}");
        answered.add("ban: " + nodeOf(ban));
        expect(ban.statusCode() == 200, "ban of alice through the balancer (answered by " + nodeOf(ban) + "): " + ban.statusCode());
        expect(aliceA.closed.get(10, TimeUnit.SECONDS) == 4003 && aliceB.closed.get(10, TimeUnit.SECONDS) == 4003,
                "alice's sockets on node A and on node B both closed with 4003");
        System.out.println("answered by: " + String.join(", ", answered));
        System.out.println("BALANCER ROOMS CHECK PASSED");
    }

    static List<Client> openMany(String base, String path, List<String> tokens, int n, List<Long> joinNanos, boolean keep)
            throws Exception {
        List<Client> out = Collections.synchronizedList(new ArrayList<>());
        Semaphore inFlight = new Semaphore(64);
        CountDownLatch done = new CountDownLatch(n);
        AtomicInteger failed = new AtomicInteger();
        for (int i = 0; i < n; i++) {
            inFlight.acquire();
            long s = System.nanoTime();
            String token = tokens.get(i % tokens.size());
            Client.open(base, path, token, keep).whenComplete((c, e) -> {
                if (e != null) {
                    failed.incrementAndGet();
                    inFlight.release();
                    done.countDown();
                    return;
                }
                CompletableFuture.runAsync(() -> {
                    try {
                        c.next("state");
                        synchronized (joinNanos) {
                            joinNanos.add(System.nanoTime() - s);
                        }
                        out.add(c);
                    } catch (Throwable t) {
                        failed.incrementAndGet();
                    } finally {
                        inFlight.release();
                        done.countDown();
                    }
                });
            });
            if (i > 0 && i % 1000 == 0) {
                System.out.println("  " + i + " sockets opened");
            }
        }
        done.await();
        if (failed.get() > 0) {
            System.out.println("  " + failed.get() + " sockets failed to join");
        }
        return out;
    }

    static void idle(String base, int n) throws Exception {
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < Math.max(1, n / 1000); i++) {
            tokens.add(register(base, "idle" + i));
        }
        List<Long> join = new ArrayList<>();
        long s = System.nanoTime();
        List<Client> clients = openMany(base, "lobby", tokens, n, join, false);
        System.out.printf("idle: %d sockets joined in %.1f s; join time %s%n", clients.size(),
                (System.nanoTime() - s) / 1e9, pct(join));
        System.out.println("READY");
        System.out.flush();
        new java.io.BufferedReader(new java.io.InputStreamReader(System.in)).readLine();
        for (Client c : clients) {
            c.socket.abort();
        }
    }

    static void broadcast(String base, int rooms, int perRoom, int seconds) throws Exception {
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < Math.max(1, rooms * perRoom / 500); i++) {
            tokens.add(register(base, "bc" + i));
        }
        List<List<Client>> byRoom = new ArrayList<>();
        List<Long> join = new ArrayList<>();
        for (int r = 0; r < rooms; r++) {
            Client first = Client.open(base, "lobby?create=true", tokens.get(r % tokens.size()), false)
                    .get(60, TimeUnit.SECONDS);
            first.next("state");
            List<Client> group = new ArrayList<>(List.of(first));
            group.addAll(openMany(base, "lobby/" + first.roomId, tokens, perRoom - 1, join, false));
            byRoom.add(group);
            if (r % 20 == 0) {
                System.out.println("  room " + r + " ready");
            }
        }
        // marker -> [sendNanos, receipts left, last receipt nanos]
        Map<String, long[]> pending = new ConcurrentHashMap<>();
        ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
        Pattern marker = Pattern.compile("m([0-9]+)x");
        java.util.concurrent.atomic.AtomicLong frames = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicLong bytes = new java.util.concurrent.atomic.AtomicLong();
        for (List<Client> group : byRoom) {
            for (Client c : group) {
                java.util.Set<String> seen = ConcurrentHashMap.newKeySet(); // a marker counts once per client
                c.onFrame = f -> {
                    long now = System.nanoTime();
                    frames.incrementAndGet();
                    bytes.addAndGet(f.length());
                    Matcher m = marker.matcher(f);
                    while (m.find()) {
                        if (!seen.add(m.group(1))) {
                            continue;
                        }
                        long[] p = pending.get(m.group(1));
                        if (p != null) {
                            synchronized (p) {
                                p[1]--;
                                if (p[1] == 0) {
                                    latencies.add(now - p[0]);
                                    pending.remove(m.group(1));
                                }
                            }
                        }
                    }
                };
            }
        }
        System.out.println("LOAD START");
        System.out.flush();
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        long cpu0 = os.getProcessCpuTime();
        long wall0 = System.nanoTime();
        AtomicInteger seq = new AtomicInteger();
        var scheduler = java.util.concurrent.Executors.newScheduledThreadPool(4);
        long warmupEnd = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        for (List<Client> group : byRoom) {
            for (Client c : group) {
                long offset = ThreadLocalRandom.current().nextLong(500);
                scheduler.scheduleAtFixedRate(() -> {
                    String id = Integer.toString(seq.incrementAndGet());
                    if (System.nanoTime() > warmupEnd) {
                        pending.put(id, new long[]{System.nanoTime(), group.size(), 0});
                    }
                    c.send("chat", "{\"text\":\"m" + id + "x\"}");
                }, offset, 500, TimeUnit.MILLISECONDS);
            }
        }
        Thread.sleep(TimeUnit.SECONDS.toMillis(seconds) + 3000);
        scheduler.shutdownNow();
        long toolCpu = os.getProcessCpuTime() - cpu0;
        long toolWall = System.nanoTime() - wall0;
        Thread.sleep(2000);
        System.out.printf("load generator CPU during the load: %.0f%% of one core%n", 100.0 * toolCpu / toolWall);
        List<Long> l = new ArrayList<>(latencies);
        System.out.printf("broadcast: %d rooms x %d clients, 2 msg/s each, %d s: send -> last receipt %s; %d messages "
                + "not seen by every client%n", rooms, perRoom, seconds, pct(l), pending.size());
        System.out.println("join time " + pct(join));
        System.out.printf("frames received: %d, average %d characters%n", frames.get(),
                frames.get() == 0 ? 0 : bytes.get() / frames.get());
    }

    /**
     * {@code calls} sequential {@code GET /admin-api/rooms?player=seat<k>@bench.example} for random seated players
     * (after 30 warm-up calls): each must answer exactly one room.
     */
    static void search(String base, String cookie, int seats, int calls) throws Exception {
        List<Long> took = new ArrayList<>();
        for (int i = -30; i < calls; i++) {
            int k = 1 + ThreadLocalRandom.current().nextInt(seats);
            long t0 = System.nanoTime();
            HttpResponse<String> r = http("GET", base + "/admin-api/rooms?player=seat" + k + "@bench.example", cookie, null);
            long t = System.nanoTime() - t0;
            if (r.statusCode() != 200 || !"1".equals(r.headers().firstValue("X-Total-Count").orElse(""))) {
                throw new IllegalStateException("seat" + k + ": " + r.statusCode() + " " + r.body());
            }
            if (i >= 0) {
                took.add(t);
            }
        }
        System.out.println("player search over " + seats + " seats on two other nodes: " + pct(took));
    }

    static void bots(String base, int rooms, int perRoom) throws Exception {
        String[] lines = {"gg", "ready?", "one more round", "brb", "nice", "who's hosting?", "lag again", "let's go"};
        List<Client> all = new ArrayList<>();
        for (int r = 0; r < rooms; r++) {
            String token = register(base, "bot-" + r + "-0");
            Client first = Client.open(base, "lobby?create=true", token, false).get(60, TimeUnit.SECONDS);
            first.next("state");
            all.add(first);
            for (int i = 1; i < perRoom; i++) {
                Client c = Client.open(base, "lobby/" + first.roomId, register(base, "bot-" + r + "-" + i), false)
                        .get(60, TimeUnit.SECONDS);
                c.next("state");
                all.add(c);
            }
            System.out.println("bots: room " + first.roomId + " with " + perRoom + " bots");
        }
        var scheduler = java.util.concurrent.Executors.newScheduledThreadPool(1);
        for (Client c : all) {
            scheduler.scheduleWithFixedDelay(() -> {
                ThreadLocalRandom rnd = ThreadLocalRandom.current();
                if (c.closed.isDone()) {
                    return;
                }
                if (rnd.nextInt(3) == 0) {
                    c.send("ready", "{\"ready\":" + rnd.nextBoolean() + "}");
                } else {
                    c.send("chat", "{\"text\":\"" + lines[rnd.nextInt(lines.length)] + "\"}");
                }
            }, 2000 + ThreadLocalRandom.current().nextInt(4000), 4000 + ThreadLocalRandom.current().nextInt(6000),
                    TimeUnit.MILLISECONDS);
        }
        Thread.currentThread().join();
    }
}
