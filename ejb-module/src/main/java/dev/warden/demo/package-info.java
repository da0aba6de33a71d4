/**
 * Demo data for the run command ({@code warden.demo=true}): seeds an empty database once with players, game data,
 * a moderator, a hosting team with applications and metric history, and prints the banner with the sign-in
 * credentials and an API token. Never runs on a database that already has users.
 */
package dev.warden.demo;
