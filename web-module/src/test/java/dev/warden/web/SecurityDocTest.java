package dev.warden.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.warden.web.agent.AgentApiApplication;
import dev.warden.web.hosting.HostingApiApplication;
import dev.warden.web.panel.AdminApiApplication;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Application;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Keeps {@code docs/security.md} true: its route table lists exactly the routes the JAX-RS applications
 * declare (method and path), so a new endpoint cannot ship without saying who may call it, and its threat
 * model has one row per actor (docs/security.md, "Threat model").
 */
class SecurityDocTest {

    private static final Map<Class<? extends Annotation>, String> METHODS = Map.of(
            GET.class, "GET", POST.class, "POST", PUT.class, "PUT", PATCH.class, "PATCH", DELETE.class, "DELETE");
    private static final Pattern ROW =
            Pattern.compile("^\\| `(GET|POST|PUT|PATCH|DELETE) ([^`]+)` \\|", Pattern.MULTILINE);

    static TreeSet<String> declaredRoutes() throws Exception {
        TreeSet<String> routes = new TreeSet<>();
        for (Class<? extends Application> app : List.of(
                AdminApiApplication.class,
                HostingApiApplication.class,
                AgentApiApplication.class,
                dev.warden.web.game.GameApiApplication.class)) {
            String base = "/" + app.getAnnotation(ApplicationPath.class).value();
            for (Class<?> type : app.getDeclaredConstructor().newInstance().getClasses()) {
                Path classPath = type.getAnnotation(Path.class);
                if (classPath == null) {
                    continue;
                }
                for (Method method : type.getMethods()) {
                    for (Map.Entry<Class<? extends Annotation>, String> http : METHODS.entrySet()) {
                        if (method.isAnnotationPresent(http.getKey())) {
                            Path methodPath = method.getAnnotation(Path.class);
                            routes.add(http.getValue() + " "
                                    + join(base, classPath.value(), methodPath == null ? "" : methodPath.value()));
                        }
                    }
                }
            }
        }
        return routes;
    }

    private static String join(String... parts) {
        StringBuilder out = new StringBuilder();
        for (String part : parts) {
            String p = part.replaceAll("^/+|/+$", "");
            if (!p.isEmpty()) {
                out.append('/').append(p);
            }
        }
        return out.toString();
    }

    @Test
    void theRouteTableListsExactlyTheDeclaredRoutes() throws Exception {
        String all = read();
        String doc = all.substring(0, all.indexOf("\n## Access matrix"));
        TreeSet<String> documented = new TreeSet<>();
        Matcher m = ROW.matcher(doc);
        while (m.find()) {
            documented.add(m.group(1) + " " + m.group(2));
        }
        assertEquals(declaredRoutes(), documented, "docs/security.md route table vs the JAX-RS resources");
    }

    /**
     * The access matrix (the section "Access matrix", read by AccessMatrixIT) has a row for every JAX-RS route: the
     * fast check; the IT also finds servlets and WebSocket endpoints in the deployed archives.
     */
    @Test
    void theAccessMatrixHasARowForEveryJaxRsRoute() throws Exception {
        String all = read();
        int start = all.indexOf("\n## Access matrix");
        org.junit.jupiter.api.Assertions.assertTrue(start >= 0, "docs/security.md has a '## Access matrix' section");
        int end = all.indexOf("\n## ", start + 5);
        Matcher m = ROW.matcher(all.substring(start, end));
        TreeSet<String> rows = new TreeSet<>();
        while (m.find()) {
            rows.add(m.group(1) + " " + m.group(2));
        }
        TreeSet<String> missing = declaredRoutes();
        missing.removeAll(rows);
        assertEquals(
                new TreeSet<String>(), missing, "JAX-RS routes without a row in docs/security.md, 'Access matrix'");
    }

    /** The actors of the threat model, each a row of the "Threat model" table. */
    static final List<String> ACTORS =
            List.of("operator", "mod", "panel user", "player", "team member", "agent", "anonymous");

    @Test
    void theThreatModelNamesEveryActorOnce() throws Exception {
        String doc = read();
        int section = doc.indexOf("## Threat model");
        org.junit.jupiter.api.Assertions.assertTrue(section >= 0, "docs/security.md has a '## Threat model' section");
        List<String> named = new java.util.ArrayList<>();
        Matcher m = Pattern.compile("^\\| ([a-z ]+) \\| [^|]+ \\| [^|]+ \\| [^|]+ \\|$", Pattern.MULTILINE)
                .matcher(doc.substring(section));
        while (m.find()) {
            if (!m.group(1).equals("actor")) {
                named.add(m.group(1));
            }
        }
        assertEquals(ACTORS, named, "threat model rows (actor, who, can, cannot), in order");
    }

    private static String read() throws IOException {
        for (String candidate : List.of("../docs/security.md", "docs/security.md")) {
            if (Files.exists(Paths.get(candidate))) {
                return Files.readString(Paths.get(candidate));
            }
        }
        throw new IOException("docs/security.md not found");
    }
}
