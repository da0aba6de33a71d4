package dev.warden.web;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import dev.warden.panel.live.LiveEvents;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The architecture as tests (docs/architecture.md): the main code of the persistence, EJB and web modules
 * (all on this module's test class path) has no package cycles, keeps its layers (web → EJB → model, never
 * back; live rooms: runtime, then the bus, then the operators' side), and every Java package lives in exactly one Maven module and says what it owns in a
 * {@code package-info.java}. A failure names the offending classes or packages.
 */
class ArchitectureTest {

    /** Maven modules whose main code is checked for split packages, relative to the repository root. */
    private static final List<String> MODULES = List.of(
            "persistence-module", "ejb-module", "web-module", "simulator", "clients", "openapi", "test-extension");

    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+);", Pattern.MULTILINE);

    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.warden");
        assertTrue(classes.size() > 100, "the main classes of all modules are on the test class path");
    }

    @Test
    void packagesHaveNoCycles() {
        // bidirectional JPA associations (User <-> Session, ...) tie the entity packages together by design:
        // the model is one layer, so dependencies between its packages do not count as cycles
        check(slices().matching("dev.warden.(**)")
                .namingSlices("$1")
                .should()
                .beFreeOfCycles()
                .ignoreDependency(resideInAPackage("..model.."), resideInAPackage("..model..")));
    }

    @Test
    void webLayerNeverReachesIntoPersistence() {
        check(noClasses()
                .that()
                .resideInAPackage("dev.warden.web..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("..model..", "jakarta.persistence..", "javax.sql..")
                .because("JAX-RS resources and filters call EJBs; entities, JPA and JDBC stay below them"));
    }

    /**
     * Web resources are thin (docs/architecture.md, "Requirements: Layout" rules 3 and 4): access decisions
     * ({@code panel.policy}) and audit entries ({@code panel.audit}) belong to the EJB-module use-case services, and
     * live-list events are published by {@code panel.live.LivePublisher} once a change committed. The live streams
     * ({@code web.live}) may still read and subscribe to {@code panel.live} (the listener side).
     */
    @Test
    void webLayerLeavesAccessAndAuditToUseCaseServices() {
        check(noClasses()
                .that()
                .resideInAPackage("dev.warden.web..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.warden.panel.audit..", "dev.warden.panel.policy..")
                .orShould()
                .callMethod(LiveEvents.class, "publish", String.class, String.class, String.class)
                .because("a resource parses the request, calls one use-case service and maps its answer; the service"
                        + " authorises and records (docs/architecture.md, \"Requirements: Layout\" rule 4)"));
    }

    @Test
    void nothingBelowTheWebLayerDependsOnIt() {
        check(noClasses()
                .that()
                .resideOutsideOfPackage("dev.warden.web..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.warden.web..")
                .because("the web module sits on top: EJBs and entities never call it"));
    }

    @Test
    void theRoomRuntimeSitsBelowTheBusAndTheBusBelowTheAdminSide() {
        check(noClasses()
                .that()
                .resideInAPackage("dev.warden.rooms")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.warden.rooms.bus..", "dev.warden.rooms.admin..")
                .because("the room runtime runs commands on its rooms; the bus and the operators' side call it"
                        + " (docs/decisions/room-commands-as-types.md)"));
        check(noClasses()
                .that()
                .resideInAPackage("dev.warden.rooms.bus..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.warden.rooms.admin..", "dev.warden.panel..")
                .because("the bus carries room commands between nodes; authorisation and audit are the admin side's"));
    }

    @Test
    void entitiesDependOnlyOnEntities() {
        check(noClasses()
                .that()
                .resideInAPackage("..model..")
                .should()
                .dependOnClassesThat(resideInAPackage("dev.warden..")
                        .and(not(resideInAnyPackage("..model..", "dev.warden.persistence.."))))
                .because("entities are the bottom layer: they know other entities and converters only"));
    }

    @Test
    void everyPackageLivesInOneModule() {
        Map<String, Set<String>> modulesByPackage = packagesByModule();
        List<String> split = new ArrayList<>();
        modulesByPackage.forEach((pkg, modules) -> {
            if (modules.size() > 1) {
                split.add(pkg + " in " + modules);
            }
        });
        assertEquals(List.of(), split, "packages split across modules");
    }

    @Test
    void everyPackageSaysWhatItOwns() {
        Path root = repositoryRoot();
        List<String> missing = new ArrayList<>();
        packagesByModule().forEach((pkg, modules) -> {
            for (String module : modules) {
                Path info = root.resolve(module)
                        .resolve("src/main/java")
                        .resolve(pkg.replace('.', '/'))
                        .resolve("package-info.java");
                if (!Files.isRegularFile(info)) {
                    missing.add(module + ": " + pkg);
                }
            }
        });
        assertEquals(List.of(), missing, "packages without a package-info.java");
    }

    private static void check(ArchRule rule) {
        rule.check(classes);
    }

    /** Each package declared under a module's src/main/java, with the modules that declare it. */
    static Map<String, Set<String>> packagesByModule() {
        Path root = repositoryRoot();
        Map<String, Set<String>> result = new TreeMap<>();
        for (String module : MODULES) {
            Path sources = root.resolve(module).resolve("src/main/java");
            if (!Files.isDirectory(sources)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(sources)) {
                files.filter(f -> f.toString().endsWith(".java")).forEach(f -> {
                    Matcher m = PACKAGE.matcher(read(f));
                    if (m.find()) {
                        result.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(module);
                    }
                });
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return result;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path repositoryRoot() {
        Path root = Paths.get("").toAbsolutePath().getParent();
        assertTrue(Files.isDirectory(root.resolve("ejb-module")), "run from web-module: " + root);
        return root;
    }
}
