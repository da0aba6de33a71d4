/**
 * MicroProfile REST clients of the upstream providers (infrastructure, billing, instance agents) with their
 * fault-tolerance settings, and the payload types they return (DESIGN.md section 5).
 */
package dev.warden.hosting.provider;
