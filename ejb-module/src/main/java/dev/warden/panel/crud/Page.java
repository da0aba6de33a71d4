package dev.warden.panel.crud;

import jakarta.json.JsonArray;

/**
 * One window of a list.
 *
 * @param rows  the rows, each with {@code _id} and {@code _labels}
 * @param total number of rows matching the request (the {@code X-Total-Count} header)
 */
public record Page(JsonArray rows, long total) {
}
