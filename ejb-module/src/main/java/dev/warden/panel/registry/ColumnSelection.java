package dev.warden.panel.registry;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Pure rules for the column names a resource definition gives (docs/admin-api.md, "Resource definition" rules 1 and 3,
 * and the {@code list} and {@code form} rows): keep the known SQL names,
 * drop the rest silently (logged at FINE), always list primary keys, hide keys and defaulted columns from
 * the create form, normalize create defaults to SQL columns.
 */
public final class ColumnSelection {

    private static final Logger LOG = Logger.getLogger(ColumnSelection.class.getName());

    private ColumnSelection() {}

    /**
     * The names of {@code requested} that are columns of the resource, in the requested order and without
     * repeats. Unknown names, including camelCase property names of snake_case columns, are dropped (rule
     * 1) and logged at FINE.
     *
     * @param resource resource key, for the log
     * @param setting  the setting being read ({@code list.columns}), for the log
     * @param requested names as configured; null means "not configured" and gives null
     * @param columns  the resource's visible SQL column names
     */
    public static List<String> known(
            String resource, String setting, List<String> requested, Collection<String> columns) {
        if (requested == null) {
            return null;
        }
        Set<String> kept = new LinkedHashSet<>();
        for (String name : requested) {
            if (name != null && columns.contains(name)) {
                kept.add(name);
            } else {
                LOG.log(
                        Level.FINE,
                        "Panel resource ''{0}'': {1} names ''{2}'', which is not a column; dropped",
                        new Object[] {resource, setting, name});
            }
        }
        return List.copyOf(kept);
    }

    /**
     * The list view's columns: every column when not configured; otherwise the known configured ones
     * with missing primary-key columns put first, in key order ("Primary keys are always included").
     */
    public static List<String> listColumns(
            String resource, List<String> requested, List<String> columns, List<String> primaryKey) {
        List<String> known = known(resource, "list.columns", requested, columns);
        if (known == null) {
            return List.copyOf(columns);
        }
        List<String> out = new ArrayList<>();
        for (String key : primaryKey) {
            if (!known.contains(key) && columns.contains(key)) {
                out.add(key);
            }
        }
        out.addAll(known);
        return List.copyOf(out);
    }

    /**
     * The create form's fields: {@code formFields} without primary-key columns and without columns that
     * have a database default or identity ("The create form additionally hides primary keys and columns
     * with a database default, even if listed").
     *
     * @param columns the resource's visible columns by SQL name
     */
    public static List<String> createFields(List<String> formFields, Map<String, ColumnDef> columns) {
        return formFields.stream()
                .filter(name -> {
                    ColumnDef column = columns.get(name);
                    return column != null && !column.primaryKey() && !column.hasDefault();
                })
                .toList();
    }

    /**
     * Normalizes the map a {@code create.defaults} function returned to SQL column names (rule 3: "Its
     * returned keys may be SQL column names or object property names; both are normalized"). A key that
     * is a visible column stays; a key that is an entity attribute becomes its column; other keys are
     * dropped (logged at FINE). When a column is named both ways, the SQL-named entry wins. Values are
     * kept as returned (null included).
     *
     * @param resource         resource key, for the log
     * @param raw              the function's map, may be null
     * @param columns          visible SQL column names
     * @param attributeColumns entity attribute name to SQL column ({@link EntityColumns#attributeColumns})
     */
    public static Map<String, Object> normalizeDefaults(
            String resource, Map<?, ?> raw, Collection<String> columns, Map<String, String> attributeColumns) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (raw == null) {
            return out;
        }
        for (Map.Entry<?, ?> e : raw.entrySet()) {
            String key = e.getKey() == null ? null : e.getKey().toString();
            if (key != null
                    && !columns.contains(key)
                    && attributeColumns.containsKey(key)
                    && columns.contains(attributeColumns.get(key))) {
                out.put(attributeColumns.get(key), e.getValue());
            }
        }
        for (Map.Entry<?, ?> e : raw.entrySet()) {
            String key = e.getKey() == null ? null : e.getKey().toString();
            if (key != null && columns.contains(key)) {
                out.put(key, e.getValue());
            } else if (key == null
                    || !attributeColumns.containsKey(key)
                    || !columns.contains(attributeColumns.get(key))) {
                LOG.log(
                        Level.FINE,
                        "Panel resource ''{0}'': create.defaults returned ''{1}'', neither a column nor "
                                + "an attribute mapped to one; dropped",
                        new Object[] {resource, key});
            }
        }
        return out;
    }
}
