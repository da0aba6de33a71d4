package dev.warden.panel.extension;

import java.util.Objects;

/**
 * A relation the database does not declare (docs/admin-api.md, "Relations" rule 2:
 * {@code {name, target, kind, fk}}), given to {@link PanelConfig#relation} keyed by
 * the table that holds the foreign key.
 *
 * <ul>
 *   <li>{@link Kind#ONE}: the table's {@code fk} column points at {@code target} rows. The column becomes a
 *       labelled link on every row (catalog {@code link_to}, rows' {@code _labels}) and the table's resource
 *       gets a {@code one} relation {@code name} (rule 3).</li>
 *   <li>{@link Kind#MANY}: the target's detail page gets a tab {@code name} listing this table's rows whose
 *       {@code fk} equals the target row's key (rule 3: "adds a tab ... to the target's detail page"): a
 *       {@code many} relation on the target resource.</li>
 * </ul>
 *
 * @param name   relation name, unique among the relations of the resource that gets it; also the default
 *               tab label (humanized)
 * @param target key of the related table's resource; one with a composite primary key is skipped (rule 4)
 * @param kind   {@code ONE} or {@code MANY}
 * @param fk     the foreign key as a JPA attribute name of the declaring table's entity ({@code userId});
 *               mapped to its SQL column from {@code @JoinColumn}/{@code @Column} or default naming. A SQL
 *               column name is accepted too.
 */
public record Relation(String name, String target, Kind kind, String fk) {

    /** {@code 'one'} or {@code 'many'}. */
    public enum Kind {
        /** The declaring table's row points at one target row. */
        ONE,
        /** A target row has many rows of the declaring table. */
        MANY;

        /** The wire form, as in the catalog's {@code relations[].kind}: {@code one} or {@code many}. */
        public String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * Checks the components.
     *
     * @throws IllegalArgumentException when a component is null or blank
     */
    public Relation {
        if (name == null || name.isBlank() || target == null || target.isBlank() || fk == null || fk.isBlank()) {
            throw new IllegalArgumentException(
                    "Relation needs a name, a target and an fk: " + name + ", " + target + ", " + fk);
        }
        Objects.requireNonNull(kind, "Relation kind");
    }
}
