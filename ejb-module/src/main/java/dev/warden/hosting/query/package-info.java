/**
 * Parsing and validation of the hosting API's query parameters (windows, resolutions, limits) into typed
 * values; 422 {@code invalid_request} naming the parameter.
 */
package dev.warden.hosting.query;
