package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Live lists: {@code GET /admin-api/:resource/_events} streams a create made through the API
 * within 1 s, resumes with {@code Last-Event-ID}, carries only its own resource's events, refuses a resource the
 * caller may not list (403) and a stream beyond the per-operator cap (429), and ends when the session does or when
 * the operator may no longer list the resource (role row deleted, scope changed).
 */
@SharedDeployment
class LiveListIT {

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    /** One SSE event as received. */
    record Event(String id, String name, String data) {}

    /** An open SSE connection, read on its own thread into a queue (a null-name event marks the end). */
    static final class Stream implements AutoCloseable {
        final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
        final java.util.concurrent.CountDownLatch connected = new java.util.concurrent.CountDownLatch(1);
        final int status;
        private final InputStream body;

        Stream(String cookie, String resource, String lastEventId) throws Exception {
            HttpRequest.Builder request = HttpRequest.newBuilder(
                            URI.create(Api.baseUrl() + "/admin-api/" + resource + "/_events"))
                    .header("Accept", "text/event-stream")
                    .header("Cookie", "warden_session=" + cookie);
            if (lastEventId != null) {
                request.header("Last-Event-ID", lastEventId);
            }
            HttpResponse<InputStream> response =
                    HTTP.send(request.GET().build(), HttpResponse.BodyHandlers.ofInputStream());
            status = response.statusCode();
            body = response.body();
            if (status != 200) {
                body.close();
                return;
            }
            Thread reader = new Thread(this::read, "sse-" + resource);
            reader.setDaemon(true);
            reader.start();
        }

        private void read() {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
                String id = null, name = null;
                StringBuilder data = new StringBuilder();
                for (String line; (line = lines.readLine()) != null; ) {
                    if (line.startsWith(":") && line.substring(1).strip().equals("connected")) {
                        connected.countDown();
                    } else if (line.isEmpty()) {
                        if (name != null || data.length() > 0) {
                            events.add(new Event(id, name == null ? "message" : name, data.toString()));
                        }
                        id = null;
                        name = null;
                        data.setLength(0);
                    } else if (line.startsWith("id:")) {
                        id = line.substring(3).strip();
                    } else if (line.startsWith("event:")) {
                        name = line.substring(6).strip();
                    } else if (line.startsWith("data:")) {
                        data.append(line.substring(5).strip());
                    }
                }
            } catch (Exception e) {
                // closed
            }
            events.add(new Event(null, null, null));
        }

        /**
         * Waits for the server's {@code : connected} comment, which it writes once the stream is registered (so an
         * event made after this returns reaches it); fails after {@code millis}.
         */
        void awaitConnected(long millis) throws InterruptedException {
            assertTrue(connected.await(millis, TimeUnit.MILLISECONDS), "the stream's connected comment arrived");
        }

        /** The next event within {@code millis}, or null. */
        Event next(long millis) throws InterruptedException {
            return events.poll(millis, TimeUnit.MILLISECONDS);
        }

        /** The next event about row {@code rowId} within {@code millis}, skipping others; null when none. */
        Event about(String rowId, long millis) throws InterruptedException {
            long end = System.currentTimeMillis() + millis;
            for (long left; (left = end - System.currentTimeMillis()) > 0; ) {
                Event e = next(left);
                if (e == null || e.name() == null) {
                    return null;
                }
                if (e.data().contains("\"id\":\"" + rowId + "\"")) {
                    return e;
                }
            }
            return null;
        }

        @Override
        public void close() throws Exception {
            body.close();
        }
    }

    private static String createConfig(String admin) {
        return Api.post(admin, "configs", "{\"key\": \"live." + TestDb.unique() + "\", \"value\": 1}")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("_id");
    }

    @Test
    void aCreateThroughTheApiArrivesWithinOneSecondAndAResumeReplaysWhatWasMissed() throws Exception {
        String admin = Api.signedIn("admin", null).cookie();
        String first;
        try (Stream stream = new Stream(admin, "configs", null)) {
            assertEquals(200, stream.status);
            stream.awaitConnected(5000);
            String id = createConfig(admin);
            long sent = System.nanoTime();
            Event created = stream.about(id, 5000);
            long millis = (System.nanoTime() - sent) / 1_000_000;
            assertNotNull(created, "the create reached the stream");
            assertEquals("created", created.name());
            assertTrue(created.data().contains("\"resource\":\"configs\""), created.data());
            assertTrue(millis <= 1000, "arrived after " + millis + " ms");
            first = created.id();

            Api.patch(admin, "configs/" + id, "{\"value\": 2}").then().statusCode(200);
            assertEquals("updated", stream.about(id, 5000).name());
            Api.session(admin).delete("/admin-api/configs/" + id).then().statusCode(200);
            assertEquals("deleted", stream.about(id, 5000).name());
        }
        List<String> missed = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            missed.add(createConfig(admin));
        }
        try (Stream resumed = new Stream(admin, "configs", first)) {
            assertEquals(200, resumed.status);
            for (String id : missed) {
                Event e = resumed.about(id, 5000);
                assertNotNull(e, "replayed after Last-Event-ID: " + id);
                assertEquals("created", e.name());
            }
        }
    }

    @Test
    void aStreamCarriesOnlyItsResourceAndAnUnlistableResourceIsRefused() throws Exception {
        String admin = Api.signedIn("admin", null).cookie();
        String mod = Api.signedIn("mod", "configs").cookie();
        try (Stream refused = new Stream(mod, "adminAudit", null)) {
            assertEquals(403, refused.status);
        }
        try (Stream refused = new Stream(mod, "cloudSaves", null)) {
            assertEquals(403, refused.status);
        }
        try (Stream stream = new Stream(mod, "configs", null)) {
            assertEquals(200, stream.status);
            stream.awaitConnected(5000);
            long user = TestDb.user("live-" + TestDb.unique() + "@example.com", "Live", null);
            String note = Api.post(admin, "userNotes", "{\"user_id\": " + user + ", \"body\": \"live\"}")
                    .then()
                    .statusCode(201)
                    .extract()
                    .jsonPath()
                    .getString("_id");
            String config = createConfig(admin);
            List<Event> seen = new ArrayList<>();
            Event e;
            while ((e = stream.next(2000)) != null && e.name() != null) {
                seen.add(e);
                if (e.data().contains("\"id\":\"" + config + "\"")) {
                    break;
                }
            }
            assertTrue(seen.stream().anyMatch(x -> x.data().contains("\"id\":\"" + config + "\"")), seen.toString());
            // the userNotes create made meanwhile never shows (ids of different tables may be equal: check the
            // resource)
            assertTrue(seen.stream().allMatch(x -> x.data().contains("\"resource\":\"configs\"")), seen.toString());
            assertTrue(note != null);
        }
    }

    @Test
    void aStreamEndsWhenItsOperatorLosesTheRoleOrTheListPermission() throws Exception {
        Api.Identity removed = Api.signedIn("mod", "configs");
        Api.Identity rescoped = Api.signedIn("mod", "configs");
        try (Stream gone = new Stream(removed.cookie(), "configs", null);
                Stream narrowed = new Stream(rescoped.cookie(), "configs", null)) {
            assertEquals(200, gone.status);
            assertEquals(200, narrowed.status);
            gone.awaitConnected(5000);
            narrowed.awaitConnected(5000);
            // the sessions stay valid; one operator's role rows are deleted, the other's scope moves to users
            TestDb.update("DELETE FROM warden_roles WHERE user_id = ?", removed.id());
            TestDb.update("UPDATE warden_roles SET resource = 'users' WHERE user_id = ?", rescoped.id());
            assertTrue(ends(gone, 15_000), "the stream of the operator without a role row ended");
            assertTrue(ends(narrowed, 15_000), "the stream of the operator who may no longer list configs ended");
        }
    }

    /** True when {@code stream} ends within {@code millis} (events before the end are skipped). */
    private static boolean ends(Stream stream, long millis) throws InterruptedException {
        long until = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < until) {
            Event e = stream.next(1000);
            if (e != null && e.name() == null) {
                return true;
            }
        }
        return false;
    }

    @Test
    void streamsAreCappedPerOperatorAndEndWithTheSession() throws Exception {
        String admin = Api.signedIn("admin", null).cookie();
        List<Stream> open = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                Stream s = new Stream(admin, "configs", null);
                assertEquals(200, s.status);
                open.add(s);
            }
            try (Stream fifth = new Stream(admin, "configs", null)) {
                assertEquals(429, fifth.status);
            }
            Api.session(admin).post("/admin-api/auth/logout").then().statusCode(204);
            for (Stream s : open) {
                Event end = null;
                long until = System.currentTimeMillis() + 15_000;
                while (System.currentTimeMillis() < until) {
                    Event e = s.next(1000);
                    if (e != null && e.name() == null) {
                        end = e;
                        break;
                    }
                }
                assertNotNull(end, "the stream ended with its session");
            }
        } finally {
            for (Stream s : open) {
                s.close();
            }
        }
    }
}
