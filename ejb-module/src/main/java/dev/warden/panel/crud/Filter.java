package dev.warden.panel.crud;

import dev.warden.panel.registry.ColumnDef;
import java.util.List;

/**
 * One per-column condition of a list request (docs/admin-api.md, "List query parameters": {@code <col>_like},
 * {@code _eq|_ne|_gt|_gte|_lt|_lte}, {@code _in}, bare {@code col=v}, a repeated key as IN).
 *
 * @param column    the column, from the registry
 * @param operator  the comparison
 * @param values    values converted to the column's type: one value, or several for {@link Operator#IN};
 *                  the search text for {@link Operator#LIKE}
 * @param parameter the request parameter it came from (named in errors)
 */
public record Filter(ColumnDef column, Operator operator, List<Object> values, String parameter) {

    /** Comparison operators and their parameter suffixes. */
    public enum Operator {
        /** {@code _eq} or a bare {@code col=v}. */
        EQ("eq", "="),
        /** {@code _ne}. */
        NE("ne", "<>"),
        /** {@code _gt}. */
        GT("gt", ">"),
        /** {@code _gte}. */
        GTE("gte", ">="),
        /** {@code _lt}. */
        LT("lt", "<"),
        /** {@code _lte}. */
        LTE("lte", "<="),
        /** {@code _in} (comma list) or a repeated bare key. */
        IN("in", null),
        /** {@code _like}: case-insensitive substring. */
        LIKE("like", null);

        private final String suffix;
        private final String sql;

        Operator(String suffix, String sql) {
            this.suffix = suffix;
            this.sql = sql;
        }

        /** The parameter suffix without the underscore ({@code gte}). */
        public String suffix() {
            return suffix;
        }

        /** The SQL comparison for single-value operators; null for IN and LIKE. */
        public String sql() {
            return sql;
        }

        /** True for the ordering comparisons gt, gte, lt, lte. */
        public boolean isOrdering() {
            return this == GT || this == GTE || this == LT || this == LTE;
        }
    }
}
