package dev.warden.it.support;

import jakarta.servlet.annotation.WebServlet;
import jakarta.websocket.Endpoint;
import jakarta.websocket.server.ServerApplicationConfig;
import jakarta.websocket.server.ServerEndpointConfig;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.OPTIONS;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Application;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jboss.shrinkwrap.api.Archive;
import org.jboss.shrinkwrap.api.ArchivePath;
import org.jboss.shrinkwrap.api.Node;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The routes a deployed archive serves, read from the archive itself (never listed by hand): every JAX-RS resource
 * method of every {@code @ApplicationPath} application ({@code Application.getClasses()}), every {@code @WebServlet}
 * pattern, and every WebSocket endpoint a {@code ServerApplicationConfig} registers. A route is
 * {@code "<METHOD> <context root><path>"} with JAX-RS templates as declared ({@code {resource}}), WebSocket ones as
 * {@code "WS <path>"}. Used by the access matrix test (docs/security.md, "Access matrix").
 */
public final class DeployedRoutes {

    private static final Map<Class<? extends Annotation>, String> METHODS = new LinkedHashMap<>();

    static {
        METHODS.put(GET.class, "GET");
        METHODS.put(POST.class, "POST");
        METHODS.put(PUT.class, "PUT");
        METHODS.put(PATCH.class, "PATCH");
        METHODS.put(DELETE.class, "DELETE");
        METHODS.put(HEAD.class, "HEAD");
        METHODS.put(OPTIONS.class, "OPTIONS");
    }

    private DeployedRoutes() {}

    /** The routes of the EAR's web modules (context root from each WAR's name unless given in {@code roots}). */
    public static TreeSet<String> of(EnterpriseArchive ear, Map<String, String> roots) throws Exception {
        File dir = Files.createTempDirectory("warden-routes").toFile();
        List<URL> libraries = new ArrayList<>();
        for (Map.Entry<ArchivePath, Node> entry : ear.getContent().entrySet()) {
            String name = entry.getKey().get();
            if (name.endsWith(".jar") && entry.getValue().getAsset() != null) {
                libraries.add(copy(entry.getValue(), dir).toURI().toURL());
            }
        }
        TreeSet<String> routes = new TreeSet<>();
        for (Map.Entry<ArchivePath, Node> entry : ear.getContent().entrySet()) {
            String name = entry.getKey().get();
            if (name.endsWith(".war") && entry.getValue().getAsset() != null) {
                String war = name.substring(name.lastIndexOf('/') + 1);
                WebArchive web = ShrinkWrap.create(WebArchive.class, war);
                try (InputStream in = entry.getValue().getAsset().openStream()) {
                    web.as(org.jboss.shrinkwrap.api.importer.ZipImporter.class).importFrom(in);
                }
                String root = roots.getOrDefault(war, "/" + war.substring(0, war.length() - 4));
                routes.addAll(ofWar(web, root, libraries, dir));
            }
        }
        return routes;
    }

    /** The routes of one WAR served at context root {@code root} ("" for the server's root). */
    public static TreeSet<String> ofWar(Archive<?> war, String root, List<URL> libraries, File dir) throws Exception {
        File classes = new File(dir, war.getName() + "-classes");
        classes.mkdirs(); // before toURI: a directory's URL must end with a slash
        List<URL> path = new ArrayList<>(libraries);
        path.add(classes.toURI().toURL());
        List<String> classNames = new ArrayList<>();
        for (Map.Entry<ArchivePath, Node> entry : war.getContent().entrySet()) {
            String name = entry.getKey().get();
            if (entry.getValue().getAsset() == null) {
                continue;
            }
            if (name.startsWith("/WEB-INF/lib/") && name.endsWith(".jar")) {
                path.add(copy(entry.getValue(), dir).toURI().toURL());
            } else if (name.startsWith("/WEB-INF/classes/") && name.endsWith(".class")) {
                String relative = name.substring("/WEB-INF/classes/".length());
                File target = new File(classes, relative);
                target.getParentFile().mkdirs();
                try (InputStream in = entry.getValue().getAsset().openStream()) {
                    Files.copy(in, target.toPath(), StandardCopyOption.REPLACE_EXISTING);
                }
                classNames.add(relative.substring(0, relative.length() - 6).replace('/', '.'));
            }
        }
        TreeSet<String> routes = new TreeSet<>();
        ClassLoader loader = new URLClassLoader(path.toArray(URL[]::new), DeployedRoutes.class.getClassLoader());
        Set<Class<?>> endpointClasses = new HashSet<>();
        for (String className : classNames) {
            Class<?> type = Class.forName(className, false, loader);
            if (Application.class.isAssignableFrom(type) && type.isAnnotationPresent(ApplicationPath.class)) {
                String base =
                        root + "/" + type.getAnnotation(ApplicationPath.class).value();
                Application app = (Application) type.getDeclaredConstructor().newInstance();
                Set<Class<?>> resources = app.getClasses();
                if (resources.isEmpty() && app.getSingletons().isEmpty()) {
                    // no list: the runtime discovers every root resource class of the module
                    resources = new HashSet<>();
                    for (String other : classNames) {
                        resources.add(Class.forName(other, false, loader));
                    }
                }
                for (Class<?> resource : resources) {
                    addResource(routes, base, resource);
                }
            }
            WebServlet servlet = type.getAnnotation(WebServlet.class);
            if (servlet != null) {
                for (String pattern : servlet.urlPatterns().length > 0 ? servlet.urlPatterns() : servlet.value()) {
                    routes.add("GET " + normalise(root + (pattern.isEmpty() ? "/" : pattern)));
                }
            }
            if (Endpoint.class.isAssignableFrom(type) && !Modifier.isAbstract(type.getModifiers())) {
                endpointClasses.add(type);
            }
        }
        for (String className : classNames) {
            Class<?> type = Class.forName(className, false, loader);
            if (ServerApplicationConfig.class.isAssignableFrom(type) && !type.isInterface()) {
                ServerApplicationConfig config =
                        (ServerApplicationConfig) type.getDeclaredConstructor().newInstance();
                @SuppressWarnings("unchecked")
                Set<Class<? extends Endpoint>> scanned = (Set<Class<? extends Endpoint>>) (Set<?>) endpointClasses;
                for (ServerEndpointConfig endpoint : config.getEndpointConfigs(scanned)) {
                    routes.add("WS " + normalise(root + endpoint.getPath()));
                }
            }
        }
        return routes;
    }

    private static void addResource(Set<String> routes, String base, Class<?> resource) {
        Path classPath = resource.getAnnotation(Path.class);
        if (classPath == null) {
            return; // a filter or provider
        }
        for (Method method : resource.getMethods()) {
            for (Map.Entry<Class<? extends Annotation>, String> http : METHODS.entrySet()) {
                if (method.isAnnotationPresent(http.getKey())) {
                    Path methodPath = method.getAnnotation(Path.class);
                    routes.add(http.getValue() + " "
                            + normalise(base + "/" + classPath.value() + "/"
                                    + (methodPath == null ? "" : methodPath.value())));
                }
            }
        }
    }

    /** Single slashes, no trailing slash but for the root, regular-expression parts of templates dropped. */
    static String normalise(String path) {
        StringBuilder out = new StringBuilder();
        int depth = 0;
        boolean skipping = false;
        for (char c : path.toCharArray()) {
            if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth--;
                if (depth == 0 && skipping) {
                    skipping = false; // the end of a template's regular expression
                }
            } else if (c == ':' && depth == 1) {
                skipping = true;
                continue;
            }
            if (!skipping && !(c == ' ' && depth == 1)) {
                out.append(c);
            }
        }
        String p = out.toString().replaceAll("/+", "/");
        if (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p.isEmpty() ? "/" : p;
    }

    private static File copy(Node node, File dir) throws IOException {
        String name = node.getPath().get();
        File target = new File(dir, name.replace('/', '_'));
        try (InputStream in = node.getAsset().openStream()) {
            Files.copy(in, target.toPath(), StandardCopyOption.REPLACE_EXISTING);
        }
        return target;
    }
}
