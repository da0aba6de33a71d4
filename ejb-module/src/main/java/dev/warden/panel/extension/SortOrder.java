package dev.warden.panel.extension;

import java.util.Locale;

/** A sort direction ({@code list.defaultSort.order} in docs/admin-api.md, "Resource definition"). */
public enum SortOrder {
    /** Ascending: {@code asc}. */
    ASC,
    /** Descending: {@code desc}. */
    DESC;

    /** The wire form: {@code asc} or {@code desc}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
