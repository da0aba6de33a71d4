/**
 * JPA entities of users, their roles and the notes operators keep on them. Entities only: the rules live in
 * {@code dev.warden.auth} and {@code dev.warden.panel.users}.
 */
package dev.warden.panel.users.model;
