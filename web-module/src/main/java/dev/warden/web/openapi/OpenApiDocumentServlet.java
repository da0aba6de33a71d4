package dev.warden.web.openapi;

import dev.warden.web.guard.InputChecks;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/**
 * {@code GET /openapi}: the committed OpenAPI documents ({@code openapi/warden-admin.yaml} and
 * {@code openapi/warden-hosting.yaml}) merged by the build, byte for byte, as YAML ({@code application/yaml}) or, with
 * {@code Accept: application/json} or {@code ?format=json} (any case), as JSON. Anonymous, as on Liberty.
 *
 * <p>On Open Liberty, {@code mpOpenAPI} owns the context root {@code /openapi} and answers first (the same document,
 * its static file {@code META-INF/openapi.yaml}); this servlet answers where no server component holds that path,
 * i.e. on WildFly, whose OpenAPI subsystem Warden leaves out because it rewrote the document (dropped
 * {@code security: []} and {@code requestBody.required}: docs/wildfly.md). Same EAR, same document on both servers.
 */
@WebServlet(urlPatterns = {"/openapi", "/openapi/"})
public class OpenApiDocumentServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        boolean json =
                wantsJson(InputChecks.queryParameter(request.getQueryString(), "format"), request.getHeader("Accept"));
        String file = json ? "openapi.json" : "openapi.yaml";
        try (InputStream in = OpenApiDocumentServlet.class.getResourceAsStream(file)) {
            if (in == null) {
                response.sendError(HttpServletResponse.SC_NOT_FOUND);
                return;
            }
            response.setContentType(json ? "application/json" : "application/yaml");
            response.setCharacterEncoding("UTF-8");
            response.setHeader("Cache-Control", "no-cache");
            in.transferTo(response.getOutputStream());
        }
    }

    /** JSON for {@code format=json} (any case), else for an {@code Accept} that names JSON and not YAML. */
    static boolean wantsJson(String format, String accept) {
        if (format != null && !format.isBlank()) {
            return format.strip().toLowerCase(Locale.ROOT).equals("json");
        }
        if (accept == null) {
            return false;
        }
        String lower = accept.toLowerCase(Locale.ROOT);
        return lower.contains("application/json") && !lower.contains("yaml");
    }
}
