package dev.warden.panel.registry;

/**
 * One column of a resource as the catalog shows it (docs/admin-api.md, "Catalog", {@code columns}).
 *
 * @param name       SQL column name
 * @param label      humanized or configured label
 * @param type       wire type
 * @param sqlType    PostgreSQL type name ({@code pg_type.typname})
 * @param nullable   whether NULL is allowed
 * @param hasDefault whether the database fills it when omitted (default or identity)
 * @param primaryKey whether it is part of the primary key
 * @param linkTo     key of the resource this column links to, or null
 * @param linkFromColumn column whose value names the link target ({@code resourceFromColumn}), or null
 */
public record ColumnDef(
        String name,
        String label,
        ColumnType type,
        String sqlType,
        boolean nullable,
        boolean hasDefault,
        boolean primaryKey,
        String linkTo,
        String linkFromColumn) {

    /** A copy with another link target. */
    public ColumnDef withLinkTo(String resource) {
        return new ColumnDef(name, label, type, sqlType, nullable, hasDefault, primaryKey, resource, linkFromColumn);
    }

    /** A copy with another label. */
    public ColumnDef withLabel(String newLabel) {
        return new ColumnDef(name, newLabel, type, sqlType, nullable, hasDefault, primaryKey, linkTo, linkFromColumn);
    }

    /** A copy whose link target is read from another column of the same row. */
    public ColumnDef withLinkFromColumn(String column) {
        return new ColumnDef(name, label, type, sqlType, nullable, hasDefault, primaryKey, null, column);
    }
}
