/**
 * Saved list views of the admin panel: an operator saves the current list view of a resource
 * (filters and search as list query parameters, sort, visible columns) under a name and picks it again later.
 * Stored per operator and resource in {@code warden_saved_views} (migration V11).
 *
 * <p>It checks the content of a view against the resource definition (every filter parameter must parse as the
 * list's, every sort field and column must be a visible column); {@link dev.warden.panel.views.SavedViewsService}
 * is the use case around it: it authorizes {@code list} on the resource and audits saves and deletes. A view belongs to one operator; nobody else sees, changes or deletes it.
 */
package dev.warden.panel.views;
