/**
 * JPA entity of a deploy and its output, written by instance agents. Entities only.
 */
package dev.warden.hosting.deploys.model;
