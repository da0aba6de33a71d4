package dev.warden.panel.registry;

/**
 * A relation of a resource (spec/admin-panel.md, Relations and foreign-key auto-linking).
 *
 * @param name         relation name ({@code user}, {@code cloudSaves})
 * @param label        tab or field label
 * @param target       key of the related resource
 * @param kind         {@code one} (this row's {@code fk} points at the target) or {@code many} (target
 *                     rows' {@code fk} point at this row)
 * @param fk           SQL name of the foreign-key column: on this table for {@code one}, on the target's
 *                     table for {@code many}
 */
public record RelationDef(String name, String label, String target, String kind, String fk) {

    /** {@code one}. */
    public static final String ONE = "one";
    /** {@code many}. */
    public static final String MANY = "many";
}
