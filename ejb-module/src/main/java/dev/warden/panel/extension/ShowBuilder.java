package dev.warden.panel.extension;

/** The read-only detail page ({@code show} in docs/admin-api.md, "Resource definition"). */
public interface ShowBuilder {

    /** Columns on the detail page, in order (SQL names; unknown ones dropped). Default: every column. */
    ShowBuilder fields(String... sqlColumns);
}
