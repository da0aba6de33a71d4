/**
 * SQL access shared by the EJBs: the name of Warden's one data source, the one way to run a parameter-bound statement
 * and the one SQL identifier quoting ({@link dev.warden.common.sql.Sql}; when to use it rather than JPA or raw JDBC:
 * docs/architecture.md, "Data access"), and reading PostgreSQL notifications.
 */
package dev.warden.common.sql;
