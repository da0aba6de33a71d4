/**
 * JPA entities of the game's own tables (configs, leaderboards and their entries, analytics events, cloud
 * saves): the requirements' game database package. Entities only: no queries, no business rules.
 */
package dev.warden.game.model;
