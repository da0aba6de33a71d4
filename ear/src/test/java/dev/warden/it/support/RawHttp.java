package dev.warden.it.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket to the test server (loopback only), for requests a client library would refuse or
 * rewrite: raw bytes in the request line, any {@code Host}, a body bigger than declared. One request a connection
 * ({@code Connection: close}).
 */
public final class RawHttp {

    /** An answer: status, headers (lower-case names) and body. */
    public record Answer(int status, Map<String, String> headers, byte[] body) {
        /** The body as UTF-8 text. */
        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private RawHttp() {}

    /**
     * Sends {@code method target} with the given extra header lines ({@code "Name: value"}) and body.
     *
     * @param target the request target as bytes go on the wire (ISO-8859-1 characters = bytes)
     */
    public static Answer send(String method, String target, String[] headers, byte[] body) throws IOException {
        return sendFrom("127.0.0.1", method, target, headers, body);
    }

    /**
     * {@link #send} from the loopback address {@code localAddress} (e.g. {@code 127.0.0.2}), so the server sees
     * another client address without trusting a forwarded header.
     */
    public static Answer sendFrom(String localAddress, String method, String target, String[] headers, byte[] body)
            throws IOException {
        URI base = URI.create(Api.baseUrl());
        try (Socket socket = new Socket("127.0.0.1", base.getPort(), java.net.InetAddress.getByName(localAddress), 0)) {
            socket.setSoTimeout(30_000);
            StringBuilder head =
                    new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n");
            boolean hasHost = false;
            for (String h : headers) {
                hasHost |= h.toLowerCase(Locale.ROOT).startsWith("host:");
                head.append(h).append("\r\n");
            }
            if (!hasHost) {
                head.append("Host: localhost:").append(base.getPort()).append("\r\n");
            }
            if (body != null) {
                head.append("Content-Length: ").append(body.length).append("\r\n");
            }
            head.append("Connection: close\r\n\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            if (body != null) {
                try {
                    out.write(body);
                } catch (SocketException e) {
                    // the server answered early (e.g. 413) and closed: read its answer
                }
            }
            out.flush();
            return read(socket.getInputStream());
        }
    }

    private static Answer read(InputStream in) throws IOException {
        byte[] all = in.readAllBytes();
        int split = indexOf(all, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        if (split < 0) {
            throw new IOException("no HTTP answer: " + new String(all, StandardCharsets.ISO_8859_1));
        }
        String[] lines = new String(all, 0, split, StandardCharsets.ISO_8859_1).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(
                        lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).strip());
            }
        }
        byte[] rest = java.util.Arrays.copyOfRange(all, split + 4, all.length);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            rest = dechunk(rest);
        }
        return new Answer(status, headers, rest);
    }

    private static byte[] dechunk(byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (at < data.length) {
            int eol = indexOf(
                    java.util.Arrays.copyOfRange(data, at, data.length), "\r\n".getBytes(StandardCharsets.ISO_8859_1));
            if (eol < 0) {
                break;
            }
            int size =
                    Integer.parseInt(new String(data, at, eol, StandardCharsets.ISO_8859_1).split(";")[0].strip(), 16);
            if (size == 0) {
                break;
            }
            at += eol + 2;
            out.write(data, at, Math.min(size, data.length - at));
            at += size + 2;
        }
        return out.toByteArray();
    }

    private static int indexOf(byte[] data, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= data.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (data[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
