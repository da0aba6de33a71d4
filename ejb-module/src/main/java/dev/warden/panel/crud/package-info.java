/**
 * The generic CRUD engine of the admin API (docs/admin-api.md, "Rows"):
 * list queries, row reads, writes with {@code If-Match}, body checks and SQL error mapping, for any
 * registered {@code ResourceDef}.
 *
 * <p>It owns the SQL on resource tables. It must not know particular resources by key: per-resource rules
 * (hidden, read-only, write-only or operator-filled columns) come from the {@code ResourceDef}, i.e. from a
 * customizer's settings. It writes no audit rows and checks no access (the callers do). One exception for
 * now: {@link dev.warden.panel.crud.UserAccountRules} knows the {@code users} resource
 * (only admins change panel accounts and credentials; a credential change is audited as {@code (changed)} and ends
 * the user's other sessions); it should become a customizer setting.
 */
package dev.warden.panel.crud;
