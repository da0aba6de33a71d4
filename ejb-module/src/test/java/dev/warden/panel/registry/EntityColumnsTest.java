package dev.warden.panel.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link EntityColumns}: attribute names to SQL columns from annotations and default naming. */
class EntityColumnsTest {

    @Entity
    @Table(name = "owners")
    static class Owner {
        @Id
        @Column(name = "owner_key")
        Long key;
    }

    static class Base {
        @Column(name = "created_at")
        Object createdAt;
    }

    @Entity
    @Table(name = "game_scores")
    static class Score extends Base {
        static final String CONSTANT = "x";

        @Id
        Long id;

        @Column(name = "user_id")
        Long player;

        Long tournamentId;
        String season;

        @ManyToOne
        @JoinColumn(name = "team_ref")
        Owner team;

        @ManyToOne
        Owner owner;

        Long bonusPoints;

        @Transient
        String computed;

        @OneToMany
        List<Owner> children;

        transient String cache;

        @Column(name = "note_text")
        public String getNote() {
            return null;
        }
    }

    static class NoTable {}

    private static final List<String> COLUMNS = List.of(
            "id",
            "user_id",
            "tournament_id",
            "season",
            "team_ref",
            "owner_owner_key",
            "bonuspoints",
            "bonus_points",
            "created_at",
            "note_text",
            "computed",
            "cache");

    @Test
    void mapsExplicitNamesDefaultsAndSnakeCase() {
        Map<String, String> map = EntityColumns.attributeColumns(Score.class, COLUMNS);
        assertEquals("id", map.get("id"));
        assertEquals("user_id", map.get("player"), "@Column name");
        assertEquals("tournament_id", map.get("tournamentId"), "snake_case fallback");
        assertEquals("season", map.get("season"));
        assertEquals("team_ref", map.get("team"), "@JoinColumn name");
        assertEquals("owner_owner_key", map.get("owner"), "JPA default: attribute_targetKeyColumn");
        assertEquals("bonuspoints", map.get("bonusPoints"), "PostgreSQL's folding of an unquoted name comes first");
        assertEquals("created_at", map.get("createdAt"), "superclass fields");
        assertEquals("note_text", map.get("note"), "property access");
        assertNull(map.get("computed"), "@Transient");
        assertNull(map.get("cache"), "transient");
        assertNull(map.get("children"), "collections have no column here");
        assertNull(map.get("CONSTANT"));
    }

    @Test
    void attributesWithoutAColumnAreLeftOut() {
        Map<String, String> map = EntityColumns.attributeColumns(Score.class, List.of("id", "score"));
        assertEquals(Map.of("id", "id"), map);
    }

    @Test
    void resolveAcceptsAttributesThenColumnNames() {
        Map<String, String> map = EntityColumns.attributeColumns(Score.class, COLUMNS);
        assertEquals("user_id", EntityColumns.resolve(map, COLUMNS, "player"));
        assertEquals("user_id", EntityColumns.resolve(map, COLUMNS, "user_id"));
        assertNull(EntityColumns.resolve(map, COLUMNS, "nothing"));
    }

    @Test
    void tableOfNeedsATableName() {
        assertEquals("game_scores", EntityColumns.tableOf(Score.class));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> EntityColumns.tableOf(NoTable.class));
        assertEquals(
                NoTable.class.getName() + " has no @Table(name = ...): the panel needs the SQL table name",
                e.getMessage());
    }
}
