/**
 * A WAR that plays the upstream providers (infrastructure, billing) and instance agents for the demo and the
 * tests, with fault modes and a control API (docs/simulator.md). Never part of warden.ear.
 */
package dev.warden.simulator;
