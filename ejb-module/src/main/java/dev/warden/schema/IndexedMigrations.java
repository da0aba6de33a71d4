package dev.warden.schema;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.api.ResourceProvider;
import org.flywaydb.core.api.resource.LoadableResource;

/**
 * A Flyway {@link ResourceProvider} over an explicit list of migrations instead of classpath scanning,
 * which does not work inside Liberty (docs/architecture.md, "Requirements: Platform").
 *
 * <p>Every jar that brings migrations ships {@value #INDEX}: one classpath resource path a line
 * ({@code db/migration/V1__core_tables.sql}), {@code #} comments and blank lines ignored. All copies of the
 * index visible to the class loader are read, so an integrator's jar adds its own.
 */
public final class IndexedMigrations implements ResourceProvider {

    /** Name of the index resource each jar with migrations ships. */
    public static final String INDEX = "META-INF/warden-migrations.txt";

    private final ClassLoader loader;
    private final Map<String, IndexedResource> resources;

    private IndexedMigrations(ClassLoader loader, Map<String, IndexedResource> resources) {
        this.loader = loader;
        this.resources = resources;
    }

    /**
     * Reads every {@value #INDEX} visible to {@code loader}.
     *
     * @throws IllegalStateException when an index names a resource that does not exist
     * @throws UncheckedIOException  when an index cannot be read
     */
    public static IndexedMigrations load(ClassLoader loader) {
        Map<String, IndexedResource> found = new LinkedHashMap<>();
        try {
            Enumeration<URL> indexes = loader.getResources(INDEX);
            while (indexes.hasMoreElements()) {
                URL index = indexes.nextElement();
                for (String path : parseIndex(index.openStream())) {
                    if (loader.getResource(path) == null) {
                        throw new IllegalStateException(
                                "Migration index " + index + " names " + path + ", which is not on the class path");
                    }
                    found.put(path, new IndexedResource(loader, path));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + INDEX, e);
        }
        return new IndexedMigrations(loader, found);
    }

    /** Parses an index: one path a line, trimmed; blank lines and {@code #} comments skipped. */
    static List<String> parseIndex(InputStream in) throws IOException {
        List<String> paths = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                String path = line.strip();
                if (!path.isEmpty() && !path.startsWith("#")) {
                    paths.add(path.startsWith("/") ? path.substring(1) : path);
                }
            }
        }
        return paths;
    }

    /** The listed resource paths, in index order. */
    public List<String> paths() {
        return List.copyOf(resources.keySet());
    }

    @Override
    public LoadableResource getResource(String name) {
        IndexedResource byPath = resources.get(name);
        if (byPath != null) {
            return byPath;
        }
        return resources.values().stream()
                .filter(r -> r.getFilename().equals(name))
                .findFirst()
                .orElse(null);
    }

    @Override
    public Collection<LoadableResource> getResources(String prefix, String[] suffixes) {
        List<LoadableResource> matching = new ArrayList<>();
        for (IndexedResource resource : resources.values()) {
            String filename = resource.getFilename();
            if (filename.startsWith(prefix) && Arrays.stream(suffixes).anyMatch(filename::endsWith)) {
                matching.add(resource);
            }
        }
        return Collections.unmodifiableList(matching);
    }

    @Override
    public String toString() {
        return "IndexedMigrations" + paths() + " via " + loader;
    }

    private static final class IndexedResource extends LoadableResource {
        private final ClassLoader loader;
        private final String path;

        IndexedResource(ClassLoader loader, String path) {
            this.loader = loader;
            this.path = path;
        }

        @Override
        public Reader read() {
            InputStream in = loader.getResourceAsStream(path);
            if (in == null) {
                throw new IllegalStateException("Migration " + path + " disappeared from the class path");
            }
            return new InputStreamReader(in, StandardCharsets.UTF_8);
        }

        @Override
        public String getAbsolutePath() {
            return path;
        }

        @Override
        public String getAbsolutePathOnDisk() {
            URL url = loader.getResource(path);
            return url == null ? path : url.toString();
        }

        @Override
        public String getFilename() {
            int slash = path.lastIndexOf('/');
            return slash < 0 ? path : path.substring(slash + 1);
        }

        @Override
        public String getRelativePath() {
            return path;
        }
    }
}
