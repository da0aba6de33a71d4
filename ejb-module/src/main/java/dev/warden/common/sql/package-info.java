/**
 * SQL access shared by the EJBs: the name of Warden's one data source ({@link dev.warden.common.sql.Sql}).
 */
package dev.warden.common.sql;
