package dev.warden.panel.extension;

import jakarta.json.JsonValue;

/**
 * A write-only body field ({@link ResourceBuilder#writeOnly}): turns the value a create or update body gives
 * for the field into the value stored in a hidden column, e.g. a password into its hash. The field never
 * appears in the catalog, rows or audit payloads.
 */
@FunctionalInterface
public interface WriteOnlyField {

    /**
     * Computes the stored value.
     *
     * @param value the body's value for the field ({@link JsonValue#NULL} for a JSON null)
     * @return the value to store, as JSON (converted to the column's type like any body value), or null to
     *         leave the column as it is (e.g. an edit form's empty password field)
     * @throws IllegalArgumentException when the value is refused; its message becomes the field's entry in the
     *                                  422 {@code invalid_request} body's {@code fields}
     */
    JsonValue store(JsonValue value);
}
