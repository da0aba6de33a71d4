/**
 * JPA entities of hosted applications, their locations (regions) and instances. Entities only; the hosting
 * services in {@code dev.warden.hosting.apps} query them.
 */
package dev.warden.hosting.apps.model;
