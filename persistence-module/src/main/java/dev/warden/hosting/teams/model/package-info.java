/**
 * JPA entities of hosting teams and their members (owner, admin, member). Entities only.
 */
package dev.warden.hosting.teams.model;
