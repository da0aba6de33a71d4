package dev.warden.panel.registry;

import dev.warden.panel.extension.Relation;

/**
 * A relation of a resource (docs/admin-api.md, "Relations").
 *
 * @param name         relation name ({@code user}, {@code cloudSaves})
 * @param label        tab or field label
 * @param target       key of the related resource
 * @param kind         {@code ONE} (this row's {@code fk} points at the target) or {@code many} (target
 *                     rows' {@code fk} point at this row); the catalog writes {@link Relation.Kind#wireName()}
 * @param fk           SQL name of the foreign-key column: on this table for {@code one}, on the target's
 *                     table for {@code many}
 */
public record RelationDef(String name, String label, String target, Relation.Kind kind, String fk) {

    /** True for a {@code one} relation. */
    public boolean isOne() {
        return kind == Relation.Kind.ONE;
    }

    /** True for a {@code many} relation. */
    public boolean isMany() {
        return kind == Relation.Kind.MANY;
    }
}
