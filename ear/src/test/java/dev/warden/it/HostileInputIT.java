package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingFixture;
import dev.warden.it.support.RawHttp;
import dev.warden.it.support.RawHttp.Answer;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.path.json.JsonPath;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Seeded fuzz over every {@code /admin-api}, {@code /api/v1} and {@code /agent/v1} route of the OpenAPI documents
 * on loopback, signed in as an admin, with a valid team token and agent secret most of the time.
 * Hostile paths, query strings, headers and bodies; every unsafe request carries at least one ingredient that must
 * make Warden refuse it, so the database must not change. Asserts: no 5xx, every error in the documented body, the
 * server still answers, no table changed (sessions, token use times and limit counters aside), no stack trace in the
 * server log. System properties: {@code warden.it.fuzz.seed} (default 18; WildFly's run 19, so one CI run sends
 * two different sequences of 1,500 each: 3,000 inputs per CI run), {@code warden.it.fuzz.requests} (default 1,500), {@code warden.it.fuzz.max-seconds} (default 900), {@code warden.it.fuzz.threads} (default 4).
 */
@SharedDeployment
class HostileInputIT {

    /** The server under test is WildFly (system property {@code warden.it.server}, set by its failsafe execution). */
    private static final boolean WILDFLY = "wildfly".equals(System.getProperty("warden.it.server"));

    /**
     * Tables a refused request may still touch: session last-seen, token last-used, limit and cache state, the
     * sign-in throttle's record of a refused sign-in (by design), the live-room nodes' heartbeats (time-driven),
     * the audit chain's head, which moves with every audit row (the audit rows themselves are compared), and the live
     * lists' change stream {@code warden_live_events}, which the server prunes by age while the fuzz runs (a CI run
     * saw 112 -> 62 rows) and which only a committed row change writes, in the same transaction as the change that
     * the changed table's own checksum would show; and {@code warden_mfa_pending}, whose passkey challenges
     * ({@code POST auth/mfa/webauthn/login-options} is public) are rows of 5 minutes by design (docs/security.md,
     * "Passkeys").
     */
    private static final Pattern VOLATILE = Pattern.compile("warden_sessions|warden_api_tokens|warden_window_counters"
            + "|warden_rate_.*|warden_response_cache.*|warden_login_failures|warden_nodes|warden_rooms"
            + "|warden_admin_audit_chain|warden_live_events|warden_mfa_pending");

    /**
     * Rows a request answered 2xx writes although it is a GET, left out of the comparison: an export's audit entry
     * ({@code GET /admin-api/:resource/_export} answers 200 and is audited as {@code export}).
     */
    private static final Map<String, String> WRITTEN_BY_2XX_READS =
            Map.of("warden_admin_audit", "t.action <> 'export'");

    private static final String[] SEGMENTS = {
        "%00",
        "a%00b",
        "%2F",
        "a%2Fb",
        "%2e%2e",
        "..",
        ".",
        "%2e",
        "%5C",
        "\\",
        "%0A",
        "%0d%0a",
        "%ff",
        "%C3%28",
        "%C0%AE",
        "%E2%80%AE",
        "%F0%9F%98%80",
        "-1",
        "0",
        "99999999999999999999",
        "1e9",
        "NaN",
        "%27%20OR%201=1--",
        "%3Cscript%3E",
        "a;b",
        "a%3Bb",
        "%25",
        "%",
        "%zz",
        "~",
        "x".repeat(3000),
        "%20",
        "+",
        "null",
        "[]",
        "%7B%7D",
        "users",
        "configs",
        "applications",
        "__proto__",
        "constructor"
    };
    private static final String[] VALUES = {
        "",
        "%00",
        "a%00",
        "%ff",
        "%C3%28",
        "%80",
        "%zz",
        "%",
        "-1",
        "0",
        "-9223372036854775809",
        "9223372036854775808",
        "1e400",
        "NaN",
        "Infinity",
        "true",
        "null",
        "%27",
        "%22",
        "%27%3B%20DROP%20TABLE%20warden_users%3B--",
        "%2F%2E%2E",
        "%0A",
        "%E2%80%AE",
        "%F0%9F%98%80",
        "a,b,,",
        ",",
        "2026-13-45T99:99:99Z",
        "2026-11-21T12:00:00Z",
        "P1D",
        "1h",
        "id",
        "-id",
        "asc,desc,asc",
        "x".repeat(5000),
        "%5B%5D",
        "%7B%22a%22%3A1%7D",
        "all",
        "out",
        "err",
        "100",
        "500",
        "1000",
        "1001"
    };
    private static final String[] NAMES = {
        "_start",
        "_end",
        "_sort",
        "_order",
        "_q",
        "q",
        "id",
        "id_in",
        "name_like",
        "email",
        "email_in",
        "created_at_gte",
        "created_at_lt",
        "status",
        "from",
        "to",
        "period",
        "interval",
        "lines",
        "stream",
        "limit",
        "cursor",
        "x",
        "%00",
        "%ff",
        "a%00b",
        "_labels",
        "_id",
        "user_id_ne",
        "nope_eq"
    };

    private record Route(String method, String template) {}

    @Test
    void thousandsOfHostileRequestsGetNo5xxChangeNothingAndLeaveNoStackTrace() throws Exception {
        long seed = Long.getLong("warden.it.fuzz.seed", 18);
        int total = Integer.getInteger("warden.it.fuzz.requests", 1_500);
        long maxSeconds = Long.getLong("warden.it.fuzz.max-seconds", 900);
        int threads = Integer.getInteger("warden.it.fuzz.threads", 4);

        String admin = Api.signedIn("admin", null).cookie();
        HostingFixture team = new HostingFixture();
        String slug = "fuzz-" + team.tag;
        long app = team.app(slug, Instant.now());
        String secret = "agent-" + TestDb.unique();
        long instance = team.instance(HostingFixture.location(app, "fra"), secret);
        long deploy = HostingFixture.deploy(app, "deployed", null, null, "out", Instant.now(), Instant.now());
        List<String> resources = Api.session(admin).get("/admin-api").jsonPath().getList("resources.key");
        List<Route> routes = routes();
        assertTrue(routes.size() >= 20, "routes read from the OpenAPI documents: " + routes);
        Context context = new Context(admin, team.token, secret, slug, instance, deploy, resources);

        Map<String, String> before = checksums();
        long logBefore = Files.size(Path.of(System.getProperty("warden.it.server.log")));
        List<String> failures = Collections.synchronizedList(new ArrayList<>());
        Map<Integer, Integer> statuses = Collections.synchronizedMap(new TreeMap<>());
        AtomicInteger sent = new AtomicInteger();
        long deadline = System.nanoTime() + maxSeconds * 1_000_000_000L;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Random random = new Random(seed * 31 + t);
                workers.add(pool.submit(() -> {
                    while (sent.getAndIncrement() < total && System.nanoTime() < deadline) {
                        fuzzOne(random, routes, context, failures, statuses);
                    }
                    return null;
                }));
            }
            for (Future<?> worker : workers) {
                worker.get();
            }
        } finally {
            pool.shutdownNow();
        }
        int done = statuses.values().stream().mapToInt(Integer::intValue).sum();
        // every check runs, and one failure lists what each found
        List<String> problems = new ArrayList<>();
        if (done < total) {
            problems.add("only " + done + " requests within " + maxSeconds + " s");
        }
        if (!failures.isEmpty()) {
            problems.add(failures.size() + " bad answers:\n"
                    + String.join("\n", failures.subList(0, Math.min(30, failures.size()))));
        }
        int adminAnswer = RawHttp.send(
                        "GET", "/admin-api/auth/me", new String[] {"Cookie: warden_session=" + admin}, null)
                .status();
        int hostingAnswer = RawHttp.send(
                        "GET", "/api/v1/applications", new String[] {"Authorization: Bearer " + team.token}, null)
                .status();
        if (adminAnswer != 200 || hostingAnswer != 200) {
            problems.add("the server no longer answers as before: admin " + adminAnswer + ", hosting " + hostingAnswer);
        }
        Map<String, String> after = checksums();
        List<String> changed = new ArrayList<>();
        before.forEach((table, sum) -> {
            if (!sum.equals(after.get(table))) {
                changed.add(table + " (" + sum.split(":")[0] + " -> "
                        + String.valueOf(after.get(table)).split(":")[0] + " rows)");
            }
        });
        if (!changed.isEmpty()) {
            problems.add("refused requests changed tables " + changed);
        }
        String log = RequestLimitsIT.newLog(logBefore);
        List<String> traces = withoutLateFlushes(log)
                .filter(l -> l.startsWith("\tat ") || l.contains(" E "))
                .limit(20)
                .toList();
        if (!traces.isEmpty()) {
            problems.add("stack traces or errors in the log:\n" + String.join("\n", traces));
        }
        long warnings = log.lines().filter(l -> l.contains(" W ")).count();
        System.out.println("HostileInputIT: " + done + " requests, seed " + seed + ", statuses " + statuses + ", "
                + before.size() + " tables compared, " + warnings + " warning lines in the log");
        assertTrue(problems.isEmpty(), String.join("\n\n", problems) + "\n(statuses " + statuses + ")");
    }

    /** The start of a WildFly log entry ({@code 2026-11-28 15:37:06,185 ERROR [...]}). */
    private static final java.util.regex.Pattern ENTRY = java.util.regex.Pattern.compile("\\d{4}-\\d\\d-\\d\\d ");

    /**
     * The log's lines without Open Liberty's {@code SRVE8055E} / {@code SRVE8056E} entries (the message and its stack
     * trace): the web container logs them when its last flush or close of a response finds the socket gone. Every
     * request of the fuzz got its whole answer (a request without one is a failure of its own), so these record the
     * client closing after it read the answer, never a fault of the application (one in about 10,000 requests on a
     * loaded machine). WildFly's equivalent, Undertow's {@code UT005088} ("Failed to execute
     * ServletOutputStream.closeAsync() on IO thread: java.nio.channels.ClosedChannelException"), is left out the same way.
     */
    static java.util.stream.Stream<String> withoutLateFlushes(String log) {
        List<String> kept = new ArrayList<>();
        boolean skipping = false;
        for (String line : log.lines().toList()) {
            if (line.startsWith("[") || ENTRY.matcher(line).lookingAt()) {
                skipping = line.contains(" E SRVE8055E")
                        || line.contains(" E SRVE8056E")
                        || (line.contains("UT005088") && line.contains("ClosedChannelException"));
            }
            if (!skipping) {
                kept.add(line);
            }
        }
        return kept.stream();
    }

    private record Context(
            String admin,
            String token,
            String secret,
            String slug,
            long instance,
            long deploy,
            List<String> resources) {}

    private static void fuzzOne(
            Random random, List<Route> routes, Context c, List<String> failures, Map<Integer, Integer> statuses) {
        Route route = routes.get(random.nextInt(routes.size()));
        String method = random.nextInt(20) == 0
                ? pick(random, "OPTIONS", "HEAD", "TRACE", "GET", "PUT", "PATCH")
                : route.method();
        boolean unsafe =
                !(method.equals("GET") || method.equals("HEAD") || method.equals("OPTIONS") || method.equals("TRACE"));
        String path = fill(random, route.template(), c);
        List<String> query = new ArrayList<>();
        int params = random.nextInt(4);
        for (int i = 0; i < params; i++) {
            query.add(pick(random, NAMES) + "=" + pick(random, VALUES));
        }
        List<String> headers = new ArrayList<>();
        if (path.startsWith("/admin-api") && random.nextInt(10) > 0) {
            headers.add("Cookie: warden_session=" + c.admin());
        }
        if (path.startsWith("/api/v1")) {
            headers.add("Authorization: Bearer " + (random.nextInt(10) > 0 ? c.token() : "wdn_" + random.nextInt()));
        }
        if (path.startsWith("/agent/v1")) {
            headers.add("Authorization: Bearer " + (random.nextInt(10) > 0 ? c.secret() : "x" + random.nextInt()));
        }
        extraHeaders(random, headers);
        byte[] body = null;
        String refusal = "";
        boolean bodyParsed = unsafe && !method.equals("DELETE") && parsesBody(route) && method.equals(route.method());
        if (unsafe) {
            int ingredient = random.nextInt(bodyParsed ? 10 : 6);
            switch (ingredient) {
                case 0 -> query.add(pick(random, "x", "_q", "id", "status") + "=" + pick(random, "%00", "a%00b"));
                case 1 -> query.add(pick(random, "%00", "a%00", "%00b") + "=1");
                case 2 ->
                    query.add(pick(random, "x", "_sort") + "=" + pick(random, "%ff", "%C3%28", "%80", "%ED%A0%80"));
                case 3 -> body = invalidUtf8(random);
                case 4 ->
                    body = ("{\"a\":" + "[".repeat(65 + random.nextInt(3000)) + "]").getBytes(StandardCharsets.UTF_8);
                case 5 -> body = oversize(random, path);
                case 6 ->
                    body = pick(
                                    random,
                                    "{",
                                    "{\"a\":}",
                                    "[1,2",
                                    "nul",
                                    "{\"email\":\"a@b.c\",}",
                                    "{'a':1}",
                                    "\u0000",
                                    "{\"a\":1}{",
                                    "}")
                            .getBytes(StandardCharsets.UTF_8);
                case 7 ->
                    body = ("{\"" + pick(random, "email", "status", "name", "token", "reason", "value")
                                    + "\":\"x\\u0000y\",\"password\":\"p\"}")
                            .getBytes(StandardCharsets.UTF_8);
                case 8 -> body = "{\"a\\u0000\":1}".getBytes(StandardCharsets.UTF_8);
                default ->
                    body = pick(random, "[]", "1", "\"s\"", "null", "true", "[{}]")
                            .getBytes(StandardCharsets.UTF_8);
            }
            refusal = " (must be refused: ingredient " + ingredient + ")";
            if (body != null && ingredient != 5 && random.nextBoolean()) {
                headers.add("Content-Type: "
                        + pick(
                                random,
                                "application/json",
                                "text/plain",
                                "application/xml",
                                "application/json; charset=latin1",
                                "multipart/form-data; boundary=x"));
            } else if (body != null) {
                headers.add("Content-Type: application/json");
            }
        } else if (random.nextInt(5) == 0) {
            body = pick(random, "{}", "[", "\u0000", "x".repeat(100)).getBytes(StandardCharsets.UTF_8);
        }
        String target = path + (query.isEmpty() ? "" : "?" + String.join("&", query));
        String described = method + " " + (target.length() > 200 ? target.substring(0, 200) + "..." : target)
                + " headers "
                + headers.stream()
                        .filter(h -> !h.startsWith("Cookie") && !h.startsWith("Authorization"))
                        .toList() + " body " + (body == null ? "none" : body.length + " bytes") + refusal;
        Answer answer;
        try {
            answer = RawHttp.send(method, target, headers.toArray(String[]::new), body);
        } catch (Exception e) {
            failures.add(described + " -> no answer: " + e);
            statuses.merge(0, 1, Integer::sum);
            return;
        }
        statuses.merge(answer.status(), 1, Integer::sum);
        if (leavesTheApis(path) && answer.status() == 403) {
            // Liberty's security refuses a path that resolves out of the APIs (TRACE to its static servlet, "Invalid
            // URI passed to Security Collaborator") before any filter (docs/decisions/request-guard-filter.md)
            return;
        }
        if (WILDFLY && headers.contains("Host: x:y:z")) {
            // Undertow's HostHeaderHandler, always on (no setting), refuses a Host with a malformed port before any
            // application code: 400 without a body (docs/wildfly.md)
            if (answer.status() != 400) {
                failures.add(described + " -> " + answer.status() + " although Undertow must refuse the Host");
            }
            return;
        }
        if (containerRefuses(path)) {
            // outside the APIs, refused by Liberty before any application code: 400 with its own body, nothing logged
            // (docs/decisions/request-guard-filter.md); on an API path the path guard feature answers first with the
            // error body (docs/decisions/liberty-path-guard-feature.md). WildFly's listener leaves decoding to the
            // application (decode-url=false, docs/wildfly.md): the guard refuses it (400, 422, or 403 for a foreign
            // Host first) with the error body.
            if (WILDFLY || API_PATH.matcher(path).lookingAt()) {
                String problem = answer.status() < 400 || answer.status() >= 500
                        ? "(not a refusal)"
                        : method.equals("HEAD") ? null : shapeProblem(answer); // a HEAD answer has no body
                if (problem != null) {
                    failures.add(described + " -> " + answer.status() + " " + problem
                            + " although the guard must refuse it with the error body: " + cut(answer.text()));
                }
            } else if (answer.status() != 400) {
                failures.add(described + " -> " + answer.status() + " although the container must refuse it");
            }
            return;
        }
        if (answer.status() >= 500) {
            failures.add(described + " -> " + answer.status() + " " + cut(answer.text()));
        } else if (unsafe && answer.status() < 300) {
            failures.add(described + " -> " + answer.status() + " although it must be refused: " + cut(answer.text()));
        } else if (answer.status() >= 400 && !method.equals("HEAD")) {
            String problem = shapeProblem(answer);
            if (problem != null) {
                failures.add(described + " -> " + answer.status() + " " + problem + ": " + cut(answer.text()));
            }
        }
    }

    /** A raw path under one of the APIs, whose refusals carry the error body on both servers. */
    private static final java.util.regex.Pattern API_PATH =
            java.util.regex.Pattern.compile("/(admin-api|api/v1|agent/v1|game-api)(/|$)");

    /**
     * True for a path the servlet container refuses before the application: a malformed percent escape, a decoded
     * control character, or dot segments above the root.
     */
    static boolean containerRefuses(String rawPath) {
        List<String> kept = new ArrayList<>();
        for (String raw : rawPath.split("/", -1)) {
            String segment = decode(raw);
            if (segment == null) {
                return true; // a malformed escape: the container cannot decode the path
            }
            if (segment.startsWith("..;") || segment.startsWith(".;")) {
                return true; // a dot segment with a path parameter
            }
            if (segment.equals("..")) {
                if (kept.size() <= 1) {
                    return true; // above the root
                }
                kept.remove(kept.size() - 1);
            } else if (!segment.equals(".")) {
                kept.add(segment);
            }
        }
        // control characters in what is left after the dot segments are resolved
        return kept.stream().anyMatch(seg -> seg.chars().anyMatch(ch -> ch < 0x20 || ch == 0x7f));
    }

    /** True when the container, resolving encoded dot segments, routes the path out of the three APIs. */
    static boolean leavesTheApis(String rawPath) {
        List<String> kept = new ArrayList<>();
        for (String raw : rawPath.split("/", -1)) {
            String segment = decode(raw);
            if (segment == null) {
                return false;
            }
            if (segment.equals("..")) {
                if (!kept.isEmpty()) {
                    kept.remove(kept.size() - 1);
                }
            } else if (!segment.equals(".")) {
                kept.add(segment);
            }
        }
        String resolved = String.join("/", kept);
        return !(resolved.startsWith("/admin-api")
                || resolved.startsWith("/api/v1")
                || resolved.startsWith("/agent/v1"));
    }

    /** A raw path segment percent-decoded as ISO-8859-1, or null when an escape is malformed. */
    private static String decode(String raw) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < raw.length(); i++) {
            char ch = raw.charAt(i);
            if (ch == '%') {
                if (i + 2 >= raw.length()
                        || Character.digit(raw.charAt(i + 1), 16) < 0
                        || Character.digit(raw.charAt(i + 2), 16) < 0) {
                    return null;
                }
                out.append((char) Integer.parseInt(raw.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                out.append(ch);
            }
        }
        return out.toString();
    }

    /** Null when the answer carries the documented error body. */
    static String shapeProblem(Answer answer) {
        if (!answer.headers().getOrDefault("content-type", "").startsWith("application/json")) {
            return "not JSON (" + answer.headers().get("content-type") + ")";
        }
        try {
            JsonPath json = JsonPath.from(answer.text());
            Object code = json.get("error.code");
            Object message = json.get("error.message");
            if (!(code instanceof String) || !(message instanceof String)) {
                return "no error.code/error.message";
            }
            Object fields = json.get("error.fields");
            if (fields != null && (answer.status() != 422 || !(fields instanceof Map))) {
                return "fields on a " + answer.status();
            }
            return null;
        } catch (RuntimeException e) {
            return "unparseable body";
        }
    }

    private static boolean parsesBody(Route route) {
        String t = route.template();
        return t.endsWith("/auth/login")
                || t.endsWith("/auth/bootstrap")
                || t.endsWith("/password-reset")
                || t.endsWith("/password-reset/complete")
                || t.equals("/admin-api/{resource}")
                || t.equals("/admin-api/{resource}/{id}")
                || t.endsWith("/_action/{name}")
                || t.endsWith("/ban")
                || t.startsWith("/agent/v1");
    }

    private static void extraHeaders(Random random, List<String> headers) {
        switch (random.nextInt(12)) {
            case 0 -> headers.add("If-Match: " + pick(random, "*", "\"x\"", "W/\"1\"", "garbage,,"));
            case 1 -> headers.add("If-None-Match: " + pick(random, "*", "\"x\"", "W/\"1\""));
            case 2 -> headers.add("Accept: " + pick(random, "text/html", "application/xml", "*/*;q=x", "image/*"));
            case 3 -> headers.add("Host: " + pick(random, "evil.example", "localhost", "127.0.0.1", "[::1]", "x:y:z"));
            case 4 -> headers.add("Accept-Language: " + pick(random, "de", "zz-ZZ", ";;;"));
            case 5 -> headers.add("X-Forwarded-For: " + pick(random, "1.2.3.4", "garbage", "::1, 10.0.0.1"));
            default -> {}
        }
    }

    private static byte[] invalidUtf8(Random random) {
        byte[][] bad = {
            {(byte) 0xff},
            {(byte) 0xc3, 0x28},
            {(byte) 0x80},
            {(byte) 0xed, (byte) 0xa0, (byte) 0x80},
            {(byte) 0xf8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80},
            {(byte) 0xc0, (byte) 0xaf}
        };
        byte[] b = bad[random.nextInt(bad.length)];
        byte[] head = "{\"email\":\"".getBytes(StandardCharsets.UTF_8);
        byte[] tail = "\",\"password\":\"x\"}".getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[head.length + b.length + tail.length];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(b, 0, out, head.length, b.length);
        System.arraycopy(tail, 0, out, head.length + b.length, tail.length);
        return out;
    }

    private static byte[] oversize(Random random, String path) {
        int size;
        if (path.startsWith("/admin-api/auth") || path.startsWith("/game-api/v1/auth")) {
            size = 4097 + random.nextInt(100_000);
        } else if (path.startsWith("/admin-api")) {
            size = 1_048_577 + random.nextInt(1000);
        } else if (path.startsWith("/agent/v1")) {
            size = 262_145 + random.nextInt(1000);
        } else {
            size = 16_385 + random.nextInt(1000);
        }
        byte[] body = new byte[size];
        java.util.Arrays.fill(body, (byte) 'x');
        return body;
    }

    private static String fill(Random random, String template, Context c) {
        Matcher m = Pattern.compile("\\{(\\w+)}").matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value;
            boolean hostile = random.nextInt(3) == 0;
            value = switch (m.group(1)) {
                case "resource" ->
                    hostile
                            ? pick(random, SEGMENTS)
                            : c.resources().get(random.nextInt(c.resources().size()));
                case "slug" -> hostile ? pick(random, SEGMENTS) : c.slug();
                case "deployId" -> hostile ? pick(random, SEGMENTS) : Long.toString(c.deploy());
                case "id" ->
                    hostile
                            ? pick(random, SEGMENTS)
                            : pick(
                                    random,
                                    Long.toString(c.instance()),
                                    Long.toString(c.deploy()),
                                    "1",
                                    "2",
                                    "999999",
                                    "WzEsMl0");
                case "name" ->
                    hostile ? pick(random, SEGMENTS) : pick(random, "user", "notes", "sessions", "reset", "x");
                default -> pick(random, SEGMENTS);
            };
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        String path = out.toString();
        if (random.nextInt(15) == 0) {
            path = path + pick(random, "/", "//", "/..", "/%2e%2e/x", "/%00", ";x=1", "/.", "%20");
        }
        return path;
    }

    @SafeVarargs
    private static <T> T pick(Random random, T... options) {
        return options[random.nextInt(options.length)];
    }

    private static String cut(String text) {
        String t = text.replaceAll("\\s+", " ");
        return t.length() > 300 ? t.substring(0, 300) + "..." : t;
    }

    /** Every operation of both OpenAPI documents (system property {@code warden.it.openapi.dir}). */
    static List<Route> routes() throws Exception {
        List<Route> routes = new ArrayList<>();
        Path dir = Path.of(System.getProperty("warden.it.openapi.dir", "../openapi"));
        for (String file : List.of("warden-admin.yaml", "warden-hosting.yaml")) {
            String current = null;
            for (String line : Files.readAllLines(dir.resolve(file))) {
                Matcher path = Pattern.compile("^  (/\\S*):\\s*$").matcher(line);
                Matcher method = Pattern.compile("^    (get|post|put|patch|delete):\\s*$")
                        .matcher(line);
                if (path.matches()) {
                    current = path.group(1);
                } else if (line.matches("^\\S.*")) {
                    current = null;
                } else if (current != null && method.matches() && !current.endsWith("/_events")) {
                    // a live-list stream is open until its session ends: LiveListIT and OpenApiResponsesIT
                    // cover its refusals
                    routes.add(new Route(method.group(1).toUpperCase(), current));
                }
            }
        }
        return routes;
    }

    /** md5 of every table's rows, volatile tables aside. */
    static Map<String, String> checksums() throws Exception {
        Map<String, String> sums = new TreeMap<>();
        try (Connection c = TestDb.connect();
                Statement s = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs =
                    s.executeQuery("SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                            + "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY 1")) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
            for (String table : tables) {
                if (VOLATILE.matcher(table).matches()) {
                    continue;
                }
                String where =
                        WRITTEN_BY_2XX_READS.containsKey(table) ? " WHERE " + WRITTEN_BY_2XX_READS.get(table) : "";
                try (ResultSet rs = s.executeQuery("SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' "
                        + "ORDER BY t::text)), '') FROM \"" + table + "\" t" + where)) {
                    rs.next();
                    sums.put(table, rs.getString(1));
                }
            }
        }
        return sums;
    }
}
