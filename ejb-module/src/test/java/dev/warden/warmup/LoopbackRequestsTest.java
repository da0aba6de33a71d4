package dev.warden.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** The warm-up's requests over loopback: a port that opens late (Open Liberty's, after the applications start). */
class LoopbackRequestsTest {

    @Test
    void aPortThatNeverOpensIsSaidInTheSummary() throws IOException {
        int port = freePort();
        LoopbackRequests http = new LoopbackRequests(port);
        http.refusedList("users");
        http.refusedHostingRequest();
        assertEquals("; no HTTP warm-up (http://localhost:" + port + " refused every connection)", http.summary());
    }

    @Test
    void aPortThatOpensLateIsWarmedOnceItListens() throws Exception {
        int port = freePort();
        LoopbackRequests http = new LoopbackRequests(port);
        http.refusedList("users");
        // within the retry delay nothing is tried (no second refusal counted)
        http.refusedList("users");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("localhost"), port), 0);
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(401, -1);
            exchange.close();
        });
        server.start();
        try {
            Thread.sleep(LoopbackRequests.RETRY_MILLIS + 50);
            http.refusedList("users");
            http.refusedHostingRequest();
        } finally {
            server.stop(0);
        }
        assertEquals("; 2 requests over HTTP (1 refused before the port opened)", http.summary());
    }

    @Test
    void anAnswerOtherThan401IsCounted() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("localhost"), 0), 0);
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(exchange.getRequestURI().getPath().startsWith("/api/") ? 200 : 401, -1);
            exchange.close();
        });
        server.start();
        try {
            LoopbackRequests http = new LoopbackRequests(server.getAddress().getPort());
            http.refusedList("users");
            http.refusedHostingRequest();
            assertEquals("; 2 requests over HTTP, 1 not 401", http.summary());
        } finally {
            server.stop(0);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("localhost"))) {
            return socket.getLocalPort();
        }
    }
}
