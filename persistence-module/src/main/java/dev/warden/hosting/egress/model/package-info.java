/**
 * JPA entity of an instance's egress figures per day, copied from the infrastructure provider. Entities only.
 */
package dev.warden.hosting.egress.model;
