package dev.warden.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringWriter;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.flywaydb.core.api.resource.LoadableResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Unit tests for {@link IndexedMigrations}: index parsing and the Flyway resource lookups over a class loader. */
class IndexedMigrationsTest {

    private static final String V1 = "db/migration/V1__core_tables.sql";
    private static final String V2 = "db/migration/V2__game_tables.sql";
    private static final String R1 = "db/migration/R__views.sql";

    @TempDir
    Path root;

    private static List<String> parse(String index) throws IOException {
        return IndexedMigrations.parseIndex(new ByteArrayInputStream(index.getBytes(StandardCharsets.UTF_8)));
    }

    private static void write(Path dir, String path, String content) throws IOException {
        Path file = dir.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }

    /** A loader that sees only {@code dirs} (no parent, so the test class path's own index is invisible). */
    private static URLClassLoader loaderOver(Path... dirs) throws IOException {
        URL[] urls = new URL[dirs.length];
        for (int i = 0; i < dirs.length; i++) {
            urls[i] = dirs[i].toUri().toURL();
        }
        return new URLClassLoader(urls, null);
    }

    private void standardLayout() throws IOException {
        write(
                root,
                IndexedMigrations.INDEX,
                """
                # Warden core migrations
                db/migration/V1__core_tables.sql

                /db/migration/V2__game_tables.sql
                   db/migration/R__views.sql  \s
                """);
        write(root, V1, "CREATE TABLE a (id int);\n");
        write(root, V2, "CREATE TABLE b (id int);\n");
        write(root, R1, "CREATE VIEW v AS SELECT 1;\n");
        write(root, "db/migration/V3__not_listed.sql", "SELECT 3;\n");
    }

    private static String content(LoadableResource resource) throws IOException {
        StringWriter out = new StringWriter();
        try (Reader reader = resource.read()) {
            reader.transferTo(out);
        }
        return out.toString();
    }

    private static List<String> filenames(Collection<LoadableResource> resources) {
        return resources.stream().map(LoadableResource::getFilename).toList();
    }

    // --- parseIndex -----------------------------------------------------------------------------------

    @Test
    void parseIndexSkipsCommentsAndBlankLinesAndTrims() throws IOException {
        assertEquals(
                List.of("a.sql", "b/c.sql", "d.sql"),
                parse(
                        """
                # comment
                a.sql

                \t b/c.sql \t
                    # indented comment
                d.sql
                """));
    }

    @Test
    void parseIndexStripsOneLeadingSlash() throws IOException {
        assertEquals(List.of("db/migration/V1.sql", "V2.sql"), parse("/db/migration/V1.sql\n  /V2.sql\n"));
    }

    @Test
    void parseIndexHandlesCrLfAndMissingFinalNewline() throws IOException {
        assertEquals(List.of("a.sql", "b.sql"), parse("a.sql\r\n\r\n#x\r\nb.sql"));
    }

    @Test
    void parseIndexOfEmptyOrCommentOnlyTextIsEmpty() throws IOException {
        assertEquals(List.of(), parse(""));
        assertEquals(List.of(), parse("# nothing here\n\n   \n"));
    }

    @Test
    void parseIndexKeepsOrderAndDuplicates() throws IOException {
        assertEquals(List.of("b.sql", "a.sql", "b.sql"), parse("b.sql\na.sql\nb.sql\n"));
    }

    // --- load -----------------------------------------------------------------------------------------

    @Test
    void loadListsIndexedPathsInIndexOrder() throws IOException {
        standardLayout();
        try (URLClassLoader loader = loaderOver(root)) {
            IndexedMigrations migrations = IndexedMigrations.load(loader);
            assertEquals(List.of(V1, V2, R1), migrations.paths());
            assertTrue(migrations.toString().contains(V1), migrations.toString());
        }
    }

    @Test
    void loadWithoutIndexFindsNothing() throws IOException {
        write(root, V1, "SELECT 1;\n");
        try (URLClassLoader loader = loaderOver(root)) {
            IndexedMigrations migrations = IndexedMigrations.load(loader);
            assertEquals(List.of(), migrations.paths());
            assertTrue(migrations.getResources("V", new String[] {".sql"}).isEmpty());
            assertNull(migrations.getResource(V1));
        }
    }

    @Test
    void loadFailsWhenTheIndexNamesAMissingResource() throws IOException {
        write(root, IndexedMigrations.INDEX, V1 + "\ndb/migration/V9__missing.sql\n");
        write(root, V1, "SELECT 1;\n");
        try (URLClassLoader loader = loaderOver(root)) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> IndexedMigrations.load(loader));
            assertTrue(e.getMessage().contains("db/migration/V9__missing.sql"), e.getMessage());
            assertTrue(e.getMessage().contains("warden-migrations.txt"), e.getMessage());
        }
    }

    @Test
    void loadReadsEveryIndexOnTheClassPath(@TempDir Path second) throws IOException {
        standardLayout();
        write(second, IndexedMigrations.INDEX, "# integrator\ndb/migration/V100__custom.sql\n" + V1 + "\n");
        write(second, "db/migration/V100__custom.sql", "CREATE TABLE custom (id int);\n");
        try (URLClassLoader loader = loaderOver(root, second)) {
            IndexedMigrations migrations = IndexedMigrations.load(loader);
            assertEquals(List.of(V1, V2, R1, "db/migration/V100__custom.sql"), migrations.paths());
            assertEquals(
                    List.of("V1__core_tables.sql", "V2__game_tables.sql", "V100__custom.sql"),
                    filenames(migrations.getResources("V", new String[] {".sql"})));
        }
    }

    // --- getResources ---------------------------------------------------------------------------------

    @Test
    void getResourcesFiltersByFilenamePrefixAndSuffix() throws IOException {
        standardLayout();
        try (URLClassLoader loader = loaderOver(root)) {
            IndexedMigrations migrations = IndexedMigrations.load(loader);
            assertEquals(
                    List.of("V1__core_tables.sql", "V2__game_tables.sql"),
                    filenames(migrations.getResources("V", new String[] {".sql"})));
            assertEquals(List.of("R__views.sql"), filenames(migrations.getResources("R", new String[] {".sql"})));
            assertEquals(
                    List.of("V1__core_tables.sql", "V2__game_tables.sql", "R__views.sql"),
                    filenames(migrations.getResources("", new String[] {".sql"})));
        }
    }

    @Test
    void getResourcesMatchesAnyOfSeveralSuffixes() throws IOException {
        standardLayout();
        try (URLClassLoader loader = loaderOver(root)) {
            IndexedMigrations migrations = IndexedMigrations.load(loader);
            assertEquals(
                    List.of("V1__core_tables.sql", "V2__game_tables.sql"),
                    filenames(migrations.getResources("V", new String[] {".java", ".sql"})));
            assertTrue(migrations.getResources("V", new String[] {".java"}).isEmpty());
            assertTrue(migrations.getResources("V", new String[0]).isEmpty());
        }
    }

    @Test
    void getResourcesMatchesTheFilenameNotThePath() throws IOException {
        standardLayout();
        try (URLClassLoader loader = loaderOver(root)) {
            IndexedMigrations migrations = IndexedMigrations.load(loader);
            assertTrue(migrations.getResources("db", new String[] {".sql"}).isEmpty());
            assertTrue(
                    migrations.getResources("V1", new String[] {"core_tables"}).isEmpty());
        }
    }

    @Test
    void getResourcesNeverReturnsUnlistedFiles() throws IOException {
        standardLayout();
        try (URLClassLoader loader = loaderOver(root)) {
            IndexedMigrations migrations = IndexedMigrations.load(loader);
            assertTrue(filenames(migrations.getResources("V3", new String[] {".sql"}))
                    .isEmpty());
            assertNull(migrations.getResource("db/migration/V3__not_listed.sql"));
            assertNull(migrations.getResource("V3__not_listed.sql"));
        }
    }

    @Test
    void getResourcesIsUnmodifiable() throws IOException {
        standardLayout();
        try (URLClassLoader loader = loaderOver(root)) {
            Collection<LoadableResource> found =
                    IndexedMigrations.load(loader).getResources("V", new String[] {".sql"});
            assertThrows(UnsupportedOperationException.class, found::clear);
        }
    }

    // --- getResource ----------------------------------------------------------------------------------

    @Test
    void getResourceByPath() throws IOException {
        standardLayout();
        try (URLClassLoader loader = loaderOver(root)) {
            LoadableResource resource = IndexedMigrations.load(loader).getResource(V2);
            assertNotNull(resource);
            assertEquals(V2, resource.getAbsolutePath());
            assertEquals(V2, resource.getRelativePath());
            assertEquals("V2__game_tables.sql", resource.getFilename());
            assertTrue(resource.getAbsolutePathOnDisk().endsWith(V2), resource.getAbsolutePathOnDisk());
            assertEquals("CREATE TABLE b (id int);\n", content(resource));
        }
    }

    @Test
    void getResourceByFilename() throws IOException {
        standardLayout();
        try (URLClassLoader loader = loaderOver(root)) {
            LoadableResource resource = IndexedMigrations.load(loader).getResource("R__views.sql");
            assertNotNull(resource);
            assertEquals(R1, resource.getAbsolutePath());
            assertEquals("CREATE VIEW v AS SELECT 1;\n", content(resource));
        }
    }

    @Test
    void getResourceOfUnknownNameIsNull() throws IOException {
        standardLayout();
        try (URLClassLoader loader = loaderOver(root)) {
            IndexedMigrations migrations = IndexedMigrations.load(loader);
            assertNull(migrations.getResource("V42__nope.sql"));
            assertNull(migrations.getResource("/" + V1));
            assertNull(migrations.getResource("migration/V1__core_tables.sql"));
        }
    }

    @Test
    void resourceAtTheRootHasItsPathAsFilename() throws IOException {
        write(root, IndexedMigrations.INDEX, "V1__root.sql\n");
        write(root, "V1__root.sql", "SELECT 1;");
        try (URLClassLoader loader = loaderOver(root)) {
            LoadableResource resource = IndexedMigrations.load(loader).getResource("V1__root.sql");
            assertEquals("V1__root.sql", resource.getFilename());
            assertEquals("SELECT 1;", content(resource));
        }
    }

    @Test
    void readingAResourceThatDisappearedFails() throws IOException {
        standardLayout();
        try (URLClassLoader loader = loaderOver(root)) {
            LoadableResource resource = IndexedMigrations.load(loader).getResource(V1);
            Files.delete(root.resolve(V1));
            IllegalStateException e = assertThrows(IllegalStateException.class, resource::read);
            assertTrue(e.getMessage().contains(V1), e.getMessage());
        }
    }

    @Test
    void utf8ContentIsDecoded() throws IOException {
        write(root, IndexedMigrations.INDEX, V1 + "\n");
        write(root, V1, "COMMENT ON TABLE a IS 'Spielstände – ☃';");
        try (URLClassLoader loader = loaderOver(root)) {
            assertEquals(
                    "COMMENT ON TABLE a IS 'Spielstände – ☃';",
                    content(IndexedMigrations.load(loader).getResource(V1)));
        }
    }

    /**
     * Every migration a jar on the test class path brings (the persistence module's) is in that jar's index: one left
     * out is never applied, on either server, and nothing else would say so.
     */
    @Test
    void everyMigrationBesideAnIndexIsListedInIt() throws Exception {
        Enumeration<URL> indexes = getClass().getClassLoader().getResources(IndexedMigrations.INDEX);
        int checked = 0;
        while (indexes.hasMoreElements()) {
            URL index = indexes.nextElement();
            List<String> listed;
            try (InputStream in = index.openStream()) {
                listed = IndexedMigrations.parseIndex(in);
            }
            assertEquals(
                    migrationsBeside(index),
                    new TreeSet<>(listed),
                    "the migrations beside " + index + " and the ones it lists");
            checked++;
        }
        assertTrue(checked > 0, "no " + IndexedMigrations.INDEX + " on the test class path");
    }

    /** The {@code db/migration/*.sql} resources of the jar or folder that holds {@code index}. */
    private static Set<String> migrationsBeside(URL index) throws Exception {
        Set<String> found = new TreeSet<>();
        if (index.getProtocol().equals("jar")) {
            JarURLConnection connection = (JarURLConnection) index.openConnection();
            connection.setUseCaches(false);
            try (JarFile jar = connection.getJarFile()) {
                jar.stream()
                        .map(JarEntry::getName)
                        .filter(name -> name.startsWith("db/migration/") && name.endsWith(".sql"))
                        .forEach(found::add);
            }
        } else {
            Path root = Path.of(index.toURI()).getParent().getParent();
            Path dir = root.resolve("db/migration");
            if (Files.isDirectory(dir)) {
                try (Stream<Path> files = Files.list(dir)) {
                    files.map(Path::getFileName)
                            .map(Path::toString)
                            .filter(name -> name.endsWith(".sql"))
                            .forEach(name -> found.add("db/migration/" + name));
                }
            }
        }
        return found;
    }
}
