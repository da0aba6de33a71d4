package dev.warden.web.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.auth.Operator;
import dev.warden.auth.Role;
import dev.warden.auth.SessionVerdict;
import dev.warden.auth.Sessions;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link AdminUiFilter} without a server: context paths, cache headers, the role-user 403. */
class AdminUiFilterTest {

    @TempDir
    static Path war;

    @BeforeAll
    static void build() throws Exception {
        Files.createDirectories(war.resolve("admin/assets"));
        Files.writeString(
                war.resolve("admin/index.html"),
                "<html><head><base href=\"/admin/\" /><script src=\"./assets/index-abc123.js\"></script></head></html>");
        Files.writeString(war.resolve("admin/assets/index-abc123.js"), "console.log(1)");
    }

    /** What the filter answered. */
    static final class Answer {
        int status = 200;
        final Map<String, String> headers = new HashMap<>();
        final ByteArrayOutputStream body = new ByteArrayOutputStream();
        final StringWriter text = new StringWriter();
        boolean passedOn;
        String redirect;

        String body() {
            return body.toString(StandardCharsets.UTF_8) + text;
        }
    }

    private static Answer call(String method, String contextPath, String path, String cookie, Sessions auth)
            throws Exception {
        Answer answer = new Answer();
        ServletContext context = (ServletContext) Proxy.newProxyInstance(
                AdminUiFilterTest.class.getClassLoader(), new Class<?>[] {ServletContext.class}, (p, m, args) -> {
                    if (m.getName().equals("getResource")) {
                        Path file = war.resolve(((String) args[0]).substring(1));
                        return Files.isRegularFile(file) ? file.toUri().toURL() : null;
                    }
                    return null;
                });
        HttpServletRequest request = (HttpServletRequest) Proxy.newProxyInstance(
                AdminUiFilterTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class},
                (p, m, args) -> switch (m.getName()) {
                    case "getRequestURI" -> contextPath + path;
                    case "getContextPath" -> contextPath;
                    case "getMethod" -> method;
                    case "getServletContext" -> context;
                    case "getCookies" -> cookie == null ? null : new Cookie[] {new Cookie("warden_session", cookie)};
                    default -> null;
                });
        ServletOutputStream out = new ServletOutputStream() {
            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setWriteListener(WriteListener listener) {}

            @Override
            public void write(int b) {
                answer.body.write(b);
            }
        };
        HttpServletResponse response = (HttpServletResponse) Proxy.newProxyInstance(
                AdminUiFilterTest.class.getClassLoader(), new Class<?>[] {HttpServletResponse.class}, (p, m, args) -> {
                    switch (m.getName()) {
                        case "setHeader" -> answer.headers.put((String) args[0], (String) args[1]);
                        case "setStatus", "sendError" -> answer.status = (Integer) args[0];
                        case "sendRedirect" -> {
                            answer.status = 302;
                            answer.redirect = (String) args[0];
                        }
                        case "setContentType" -> answer.headers.put("Content-Type", (String) args[0]);
                        case "getOutputStream" -> {
                            return out;
                        }
                        case "getWriter" -> {
                            return new PrintWriter(answer.text, true);
                        }
                        default -> {}
                    }
                    return null;
                });
        FilterChain chain = (req, res) -> answer.passedOn = true;
        AdminUiFilter filter = new AdminUiFilter();
        filter.auth = auth;
        filter.doFilter(request, response, chain);
        return answer;
    }

    private static Sessions role(String role) {
        return new Sessions() {
            @Override
            public SessionVerdict check(String cookieValue) {
                if (role == null) {
                    return new SessionVerdict(null, "ended", false, false);
                }
                return new SessionVerdict(
                        new Operator(7, "x@example.com", Role.fromWire(role).orElseThrow(), List.of(), "s"),
                        null,
                        false,
                        false);
            }
        };
    }

    @Test
    void clientRoutesAnswerIndexWithTheContextPathAsBaseAndNoCache() throws Exception {
        for (String context : List.of("", "/warden")) {
            for (String path : List.of(
                    "/admin/",
                    "/admin/users",
                    "/admin/users/show/5",
                    "/admin/scores/edit/WzEsMl0",
                    "/admin/leaderboards/create",
                    "/admin/index.html")) {
                Answer a = call("GET", context, path, null, null);
                assertEquals(200, a.status, path);
                assertEquals("no-cache", a.headers.get("Cache-Control"), path);
                assertTrue(a.body().contains("<base href=\"" + context + "/admin/\""), a.body());
                assertFalse(a.passedOn);
            }
        }
    }

    @Test
    void assetsAreImmutableAndMissingOnesAre404() throws Exception {
        Answer a = call("GET", "/warden", "/admin/assets/index-abc123.js", null, null);
        assertTrue(a.passedOn);
        assertEquals("public, max-age=31536000, immutable", a.headers.get("Cache-Control"));
        Answer missing = call("GET", "/warden", "/admin/assets/index-old.js", null, null);
        assertEquals(404, missing.status);
        assertFalse(missing.passedOn);
    }

    @Test
    void bareAdminRedirectsAndWritesAre405() throws Exception {
        Answer a = call("GET", "/warden", "/admin", null, null);
        assertEquals(302, a.status);
        assertEquals("/warden/admin/", a.redirect);
        assertEquals(405, call("POST", "", "/admin/users", null, null).status);
    }

    @Test
    void roleUserGets403EverywhereOperatorsAndEndedSessionsGetTheApp() throws Exception {
        Answer user = call("GET", "/warden", "/admin/users", "c", role("user"));
        assertEquals(403, user.status);
        assertTrue(user.body().contains("No access"));
        assertTrue(user.body().contains("/warden/admin-api/auth/logout"));
        assertEquals(403, call("GET", "", "/admin/assets/index-abc123.js", "c", role("user")).status);
        assertEquals(200, call("GET", "", "/admin/users", "c", role("admin")).status);
        assertEquals(200, call("GET", "", "/admin/users", "c", role("mod")).status);
        assertEquals(200, call("GET", "", "/admin/users", "c", role(null)).status);
    }
}
