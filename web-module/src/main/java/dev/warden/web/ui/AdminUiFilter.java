package dev.warden.web.ui;

import dev.warden.auth.Operator;
import dev.warden.auth.Sessions;
import dev.warden.web.auth.SessionFilter;
import jakarta.ejb.EJB;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;

/**
 * Serves the admin panel UI under {@code /admin} (docs/admin-api.md, "What the panel does" rule 3).
 *
 * <ul>
 *   <li>{@code /admin} redirects (302) to {@code /admin/}.</li>
 *   <li>A signed-in user whose role is {@code user} gets 403 with a self-contained "no access" page for every
 *       path under {@code /admin}, assets included (docs/admin-api.md, "Authentication" rule 3). The session
 *       is looked up with {@link Sessions#check}; a missing, expired or revoked session counts as
 *       anonymous, which gets the app (its sign-in page).</li>
 *   <li>{@code /admin/assets/*} (Vite's fingerprinted bundles) are served by the container with
 *       {@code Cache-Control: public, max-age=31536000, immutable}; a missing asset is a plain 404.</li>
 *   <li>Every other path under {@code /admin/} that is not a file of the build (the client-side routes
 *       {@code /admin/<key>}, {@code /admin/<key>/show/<_id>}, ...) answers {@code index.html} with
 *       {@code Cache-Control: no-cache}; its {@code <base href>} is rewritten to {@code <context path>/admin/}
 *       so the UI works at a non-root context path.</li>
 * </ul>
 */
@WebFilter(urlPatterns = {"/admin", "/admin/*"})
public class AdminUiFilter extends HttpFilter {

    /** Where the Maven build puts the Vite output inside the WAR. */
    static final String ROOT = "/admin/";
    /** Placeholder of the base element in the built {@code index.html}. */
    static final String BASE_PLACEHOLDER = "<base href=\"/admin/\"";
    /** Cache header of fingerprinted assets. */
    static final String IMMUTABLE = "public, max-age=31536000, immutable";

    @EJB
    Sessions auth;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        SecurityHeaders.apply(response);
        if (path.equals("/admin")) {
            response.sendRedirect(request.getContextPath() + ROOT);
            return;
        }
        if (!"GET".equals(request.getMethod()) && !"HEAD".equals(request.getMethod())) {
            response.setHeader("Allow", "GET, HEAD");
            response.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
            return;
        }
        if (isPlainUser(request)) {
            noAccess(request, response);
            return;
        }
        String relative = path.substring(ROOT.length());
        if (relative.startsWith("assets/")) {
            if (request.getServletContext().getResource(path) == null) {
                response.sendError(HttpServletResponse.SC_NOT_FOUND);
                return;
            }
            response.setHeader("Cache-Control", IMMUTABLE);
            chain.doFilter(request, response);
            return;
        }
        if (!relative.isEmpty()
                && !relative.equals("index.html")
                && !relative.endsWith("/")
                && request.getServletContext().getResource(path) != null) {
            response.setHeader("Cache-Control", "no-cache");
            chain.doFilter(request, response);
            return;
        }
        index(request, response);
    }

    /** True when the request carries a live session of a signed-in identity that is neither admin nor mod. */
    private boolean isPlainUser(HttpServletRequest request) {
        String cookie = sessionCookie(request);
        if (cookie == null) {
            return false;
        }
        // expired, revoked or unknown (no operator): anonymous, gets the sign-in page
        Operator operator = auth.check(cookie).operator();
        return operator != null && !operator.isOperator();
    }

    private static String sessionCookie(HttpServletRequest request) {
        Cookie[] cookies = request.getCookies();
        if (cookies == null) {
            return null;
        }
        java.util.Map<String, String> byName = new java.util.HashMap<>();
        for (Cookie cookie : cookies) {
            byName.putIfAbsent(cookie.getName(), cookie.getValue());
        }
        return SessionFilter.sessionValue(byName::get);
    }

    private static void index(HttpServletRequest request, HttpServletResponse response) throws IOException {
        URL index = request.getServletContext().getResource(ROOT + "index.html");
        if (index == null) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND, "The admin UI was not built into this WAR");
            return;
        }
        String html;
        try (InputStream in = index.openStream()) {
            html = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        html = html.replace(BASE_PLACEHOLDER, "<base href=\"" + escape(request.getContextPath()) + ROOT + "\"");
        response.setHeader("Cache-Control", "no-cache");
        response.setContentType("text/html;charset=UTF-8");
        byte[] body = html.getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        if (!"HEAD".equals(request.getMethod())) {
            response.getOutputStream().write(body);
        }
    }

    /** 403 with a page that explains itself and offers to sign out (a role user cannot load the app). */
    private static void noAccess(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String api = escape(request.getContextPath()) + "/admin-api/auth/logout";
        String nonce = dev.warden.common.Hashing.randomToken(16);
        String html =
                """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8"><title>No access - Warden</title>
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <style>body{font-family:system-ui,sans-serif;background:#f5f5f5;display:flex;justify-content:center;
                padding-top:15vh;margin:0}main{background:#fff;padding:32px 40px;border-radius:8px;max-width:460px;
                box-shadow:0 1px 4px rgba(0,0,0,.1)}h1{font-size:22px;margin:0 0 12px}button{margin-top:16px;padding:6px 16px;
                border-radius:6px;border:1px solid #d9d9d9;background:#1677ff;color:#fff;cursor:pointer}</style></head>
                <body><main id="no-access"><h1>403 - No access</h1>
                <p>You are signed in, but your account has no panel role. The admin panel is for admins and moderators.</p>
                <p>Ask an admin for access, or sign in with another account.</p>
                <button id="sign-out" type="button">Sign out</button></main>
                <script nonce="%s">document.getElementById('sign-out').onclick=function(){fetch('%s',{method:'POST',credentials:'same-origin'})
                .finally(function(){location.reload()})}</script></body></html>
                """
                        .formatted(nonce, api);
        response.setStatus(HttpServletResponse.SC_FORBIDDEN);
        response.setHeader("Content-Security-Policy", SecurityHeaders.withScriptNonce(nonce));
        response.setHeader("Cache-Control", "no-store");
        response.setContentType("text/html;charset=UTF-8");
        response.getWriter().write(html);
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("\"", "&quot;")
                .replace("<", "&lt;")
                .replace("'", "&#39;");
    }
}
