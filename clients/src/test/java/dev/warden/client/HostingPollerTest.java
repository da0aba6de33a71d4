package dev.warden.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** HostingPoller on a fake clock: when requests go out, docs/hosting-api.md, "Requirements: Limits" rule 8. */
class HostingPollerTest {

    private static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");

    /** A clock that only moves when told. */
    static final class FakeClock extends Clock {
        Instant now = T0;

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }

        void advance(Duration d) {
            now = now.plus(d);
        }
    }

    private FakeClock clock;
    private List<Duration> sleeps;
    private List<Instant> sentAt;
    private Deque<Object> script;
    private HostingPoller poller;

    @BeforeEach
    void setUp() {
        clock = new FakeClock();
        sleeps = new ArrayList<>();
        sentAt = new ArrayList<>();
        script = new ArrayDeque<>();
        poller = HostingPoller.of(
                () -> {
                    sentAt.add(clock.instant());
                    Object next = script.removeFirst();
                    if (next instanceof Exception e) {
                        throw e;
                    }
                    return (Reply) next;
                },
                clock,
                d -> {
                    sleeps.add(d);
                    clock.advance(d);
                });
    }

    private static Reply reply(int status, String... headers) {
        Map<String, List<String>> map = new java.util.HashMap<>();
        for (int i = 0; i < headers.length; i += 2) {
            map.put(headers[i], List.of(headers[i + 1]));
        }
        return new Reply(status, map, status == 200 ? "{\"data\":[]}" : "");
    }

    private static Reply proxyText(int status, String retryAfter) {
        Map<String, List<String>> map = new java.util.HashMap<>();
        map.put("Content-Type", List.of("text/plain"));
        if (retryAfter != null) {
            map.put("Retry-After", List.of(retryAfter));
        }
        return new Reply(
                status, map, status == 429 ? "Too Many Requests" : status == 502 ? "Bad Gateway" : "Gateway Timeout");
    }

    private List<Long> gapsInSeconds() {
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < sentAt.size(); i++) {
            gaps.add(Duration.between(sentAt.get(i - 1), sentAt.get(i)).toSeconds());
        }
        return gaps;
    }

    @Test
    void theFirstRequestGoesAtOnce() throws Exception {
        script.add(reply(200, "Cache-Control", "max-age=30"));
        HostingPoller.Poll poll = poller.poll();
        assertEquals(List.of(), sleeps);
        assertEquals(T0, sentAt.get(0));
        assertEquals(T0.plusSeconds(30), poll.next());
        assertEquals(T0.plusSeconds(30), poller.nextRequestAt());
    }

    @Test
    void successesAreSpacedByMaxAge() throws Exception {
        script.add(reply(200, "Cache-Control", "max-age=30"));
        script.add(reply(200, "cache-control", "private, max-age=600"));
        script.add(reply(200, "Cache-Control", "max-age=15"));
        script.add(reply(401));
        HostingPoller.Poll last = poller.run(p -> {});
        assertEquals(List.of(30L, 600L, 15L), gapsInSeconds());
        assertEquals(401, last.reply().status());
    }

    @Test
    void aShortOrZeroMaxAgeIsRaisedToTheFiveSecondFloor() throws Exception {
        script.add(reply(200, "Cache-Control", "max-age=0"));
        script.add(reply(200, "Cache-Control", "max-age=2"));
        script.add(reply(404));
        poller.run(p -> {});
        assertEquals(List.of(5L, 5L), gapsInSeconds());
    }

    @Test
    void successWithoutAUsableMaxAgeWaitsSixtySeconds() throws Exception {
        script.add(reply(200));
        script.add(reply(200, "Cache-Control", "no-cache"));
        script.add(reply(200, "Cache-Control", "max-age=later"));
        script.add(reply(304));
        script.add(reply(403));
        poller.run(p -> {});
        assertEquals(List.of(60L, 60L, 60L, 60L), gapsInSeconds());
    }

    @Test
    void rateLimitedWaitsRetryAfterWithFloorAndFallback() throws Exception {
        script.add(reply(429, "Retry-After", "17"));
        script.add(reply(429, "Retry-After", "1"));
        script.add(reply(429));
        script.add(reply(429, "Retry-After", "Wed, 21 Oct 2026 07:28:00 GMT"));
        script.add(reply(200, "Cache-Control", "max-age=30"));
        script.add(reply(401));
        poller.run(p -> {});
        assertEquals(List.of(17L, 5L, 30L, 30L, 30L), gapsInSeconds());
    }

    @Test
    void serverErrorsWaitRetryAfterOrThirtySeconds() throws Exception {
        script.add(reply(503, "Retry-After", "120"));
        script.add(reply(500));
        script.add(reply(503, "Retry-After", "0"));
        script.add(reply(200, "Cache-Control", "max-age=60"));
        script.add(reply(422));
        poller.run(p -> {});
        assertEquals(List.of(120L, 30L, 5L, 60L), gapsInSeconds());
    }

    @Test
    void theProxysPlainTextErrorsAreRetriedLikeJsonOnes() throws Exception {
        script.add(proxyText(429, "9"));
        script.add(proxyText(502, null));
        script.add(proxyText(504, "40"));
        script.add(proxyText(504, null));
        script.add(proxyText(429, "soon"));
        script.add(reply(200, "Cache-Control", "max-age=30"));
        script.add(reply(401));
        List<HostingPoller.Poll> polls = new ArrayList<>();
        poller.run(polls::add);
        assertEquals(List.of(9L, 30L, 40L, 30L, 30L, 30L), gapsInSeconds());
        assertEquals(
                List.of(
                        PollingRule.Kind.RETRY,
                        PollingRule.Kind.RETRY,
                        PollingRule.Kind.RETRY,
                        PollingRule.Kind.RETRY,
                        PollingRule.Kind.RETRY,
                        PollingRule.Kind.SUCCESS,
                        PollingRule.Kind.STOP),
                polls.stream().map(p -> p.decision().kind()).toList());
        assertEquals("Bad Gateway", polls.get(1).reply().body());
    }

    @Test
    void otherErrorsAreNotRetried() throws Exception {
        for (int status : new int[] {400, 401, 403, 404, 405, 409, 422}) {
            setUp();
            script.add(reply(200, "Cache-Control", "max-age=30"));
            script.add(reply(status, "Retry-After", "5"));
            HostingPoller.Poll last = poller.run(p -> {});
            assertEquals(status, last.reply().status());
            assertEquals(PollingRule.Kind.STOP, last.decision().kind());
            assertNull(last.next());
            assertNull(poller.nextRequestAt());
            assertEquals(2, sentAt.size(), "no request after " + status);
            assertTrue(script.isEmpty());
            IllegalStateException e = assertThrows(IllegalStateException.class, poller::poll);
            assertTrue(e.getMessage().contains(String.valueOf(status)), e.getMessage());
        }
    }

    @Test
    void resetAllowsPollingAgainAfterAStop() throws Exception {
        script.add(reply(401));
        script.add(reply(200, "Cache-Control", "max-age=30"));
        assertEquals(PollingRule.Kind.STOP, poller.poll().decision().kind());
        poller.reset();
        assertEquals(PollingRule.Kind.SUCCESS, poller.poll().decision().kind());
        assertEquals(List.of(), sleeps);
    }

    @Test
    void aRequestWithNoAnswerIsRetriedAfterThirtySeconds() throws Exception {
        ConnectException refused = new ConnectException("Connection refused");
        script.add(refused);
        script.add(reply(200, "Cache-Control", "max-age=30"));
        script.add(reply(401));
        List<HostingPoller.Poll> polls = new ArrayList<>();
        poller.run(polls::add);
        assertSame(refused, polls.get(0).failure());
        assertNull(polls.get(0).reply());
        assertEquals(List.of(30L, 30L), gapsInSeconds());
    }

    @Test
    void timeSpentHandlingAnAnswerCountsTowardTheWait() throws Exception {
        script.add(reply(200, "Cache-Control", "max-age=30"));
        script.add(reply(200, "Cache-Control", "max-age=30"));
        script.add(reply(200, "Cache-Control", "max-age=30"));
        script.add(reply(401));
        poller.run(p -> clock.advance(Duration.ofSeconds(p.reply().status() == 200 ? 12 : 0)));
        assertEquals(List.of(Duration.ofSeconds(18), Duration.ofSeconds(18), Duration.ofSeconds(18)), sleeps);
        assertEquals(List.of(30L, 30L, 30L), gapsInSeconds());
    }

    @Test
    void noSleepWhenTheWaitHasAlreadyPassed() throws Exception {
        script.add(reply(200, "Cache-Control", "max-age=30"));
        script.add(reply(200, "Cache-Control", "max-age=30"));
        poller.poll();
        clock.advance(Duration.ofSeconds(45));
        poller.poll();
        assertEquals(List.of(), sleeps);
    }

    @Test
    void theWaitRunsFromWhenTheAnswerArrivedNotWhenTheRequestLeft() throws Exception {
        HostingPoller slow = HostingPoller.of(
                () -> {
                    sentAt.add(clock.instant());
                    clock.advance(Duration.ofSeconds(4)); // the request takes 4 s
                    return (Reply) script.removeFirst();
                },
                clock,
                d -> {
                    sleeps.add(d);
                    clock.advance(d);
                });
        script.add(reply(429, "Retry-After", "10"));
        script.add(reply(200, "Cache-Control", "max-age=30"));
        HostingPoller.Poll first = slow.poll();
        assertEquals(T0.plusSeconds(4).plusSeconds(10), first.next());
        slow.poll();
        assertEquals(List.of(14L), gapsInSeconds());
    }

    @Test
    void closeEndsRunAfterTheCurrentPoll() throws Exception {
        for (int i = 0; i < 5; i++) {
            script.add(reply(200, "Cache-Control", "max-age=30"));
        }
        List<HostingPoller.Poll> polls = new ArrayList<>();
        HostingPoller.Poll last = poller.run(p -> {
            polls.add(p);
            if (polls.size() == 3) {
                poller.close();
            }
        });
        assertEquals(3, polls.size());
        assertSame(polls.get(2), last);
        assertEquals(3, sentAt.size());
    }

    @Test
    void interruptionWhileWaitingPropagates() throws Exception {
        HostingPoller interrupted = HostingPoller.of(() -> reply(200, "Cache-Control", "max-age=30"), clock, d -> {
            throw new InterruptedException("stop");
        });
        interrupted.poll();
        assertThrows(InterruptedException.class, interrupted::poll);
    }

    @Test
    void headerNamesAreCaseInsensitive() {
        Reply r = new Reply(
                429, Map.of("retry-after", List.of("8"), "CONTENT-TYPE", List.of("text/plain")), "Too Many Requests");
        assertEquals("8", r.header("Retry-After"));
        assertEquals(false, r.json());
        assertEquals(
                PollingRule.Kind.RETRY,
                PollingRule.after(r.status(), r.header("Cache-Control"), r.header("Retry-After"))
                        .kind());
    }
}
