package dev.warden.panel.crud;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.ResourceDef;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The {@code _id} of a row: the path segment that addresses it (docs/admin-api.md, "Rows" and "Endpoints": "Composite keys are addressed as a base64url-encoded JSON array of
 * the key values in table order").
 *
 * <p>A single-column key is its value as text ({@code "42"}); a composite key is base64url (no padding)
 * of the JSON array of its values ({@code [3,17]} gives {@code WzMsMTdd}).
 */
public final class RowAddress {

    private RowAddress() {}

    /** The {@code _id} of {@code row} (a row object keyed by SQL column names). */
    public static String encode(ResourceDef resource, JsonObject row) {
        if (!resource.hasCompositeKey()) {
            JsonValue value = row.get(resource.primaryKey().get(0));
            return value instanceof JsonString s ? s.getString() : String.valueOf(value);
        }
        JsonArrayBuilder values = JSON.createArrayBuilder();
        resource.primaryKey().forEach(key -> values.add(row.getOrDefault(key, JsonValue.NULL)));
        return Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(values.build().toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The key values addressed by {@code segment}, in primary-key order, converted to the columns' types.
     *
     * @throws ApiException 404 {@code not_found} when the segment cannot address any row of the resource
     */
    public static List<Object> decode(ResourceDef resource, String segment) {
        List<String> texts;
        if (!resource.hasCompositeKey()) {
            texts = List.of(segment);
        } else {
            texts = compositeParts(resource, segment);
        }
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            ColumnDef column = resource.column(resource.primaryKey().get(i)).orElseThrow();
            try {
                values.add(column.type().parse(texts.get(i)));
            } catch (IllegalArgumentException e) {
                throw notFound(resource, segment);
            }
        }
        return values;
    }

    private static List<String> compositeParts(ResourceDef resource, String segment) {
        JsonArray array;
        try {
            String json = new String(Base64.getUrlDecoder().decode(segment.replace("=", "")), StandardCharsets.UTF_8);
            try (JsonParser parser = JSON.createParser(new StringReader(json))) {
                if (!parser.hasNext() || parser.next() != JsonParser.Event.START_ARRAY) {
                    throw notFound(resource, segment);
                }
                array = parser.getArray();
                if (parser.hasNext()) {
                    throw notFound(resource, segment); // trailing data after the array
                }
            }
        } catch (IllegalArgumentException | JsonException e) {
            throw notFound(resource, segment);
        }
        if (array.size() != resource.primaryKey().size()) {
            throw notFound(resource, segment);
        }
        List<String> parts = new ArrayList<>();
        for (JsonValue value : array) {
            switch (value.getValueType()) {
                case STRING -> parts.add(((JsonString) value).getString());
                case NUMBER, TRUE, FALSE -> parts.add(value.toString());
                default -> throw notFound(resource, segment);
            }
        }
        return parts;
    }

    private static ApiException notFound(ResourceDef resource, String segment) {
        return ApiException.notFound("No " + resource.key() + " row with id '" + segment + "'");
    }
}
