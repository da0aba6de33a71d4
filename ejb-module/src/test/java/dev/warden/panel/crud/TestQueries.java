package dev.warden.panel.crud;

import dev.warden.panel.registry.ResourceDef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** List queries for the unit tests: query parameters given as name, value, name, value, ... */
final class TestQueries {

    private TestQueries() {}

    /** {@link ListQuery#parse} of the parameters {@code namesAndValues} (a repeated name gives several values). */
    static ListQuery parse(ResourceDef resource, String... namesAndValues) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            params.computeIfAbsent(namesAndValues[i], k -> new ArrayList<>()).add(namesAndValues[i + 1]);
        }
        return ListQuery.parse(params, resource);
    }
}
