package dev.warden.panel.registry;

import dev.warden.common.sql.Sql;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToMany;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OneToOne;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Maps the attributes of a JPA entity class to the SQL columns of its table by reading its annotations
 * (no persistence unit needed): the fk of a declared {@link dev.warden.panel.extension.Relation} and the
 * keys of create defaults are attribute names (docs/admin-api.md, "Relations" rule 2 and "Resource definition" rule 3),
 * the panel speaks SQL column names.
 *
 * <p>For each field (and each {@code getX}/{@code isX} getter, for property access), in class and then
 * superclass order, the candidates are:
 * <ul>
 *   <li>{@code @Column(name)} or {@code @JoinColumn(name)} when named;</li>
 *   <li>for {@code @ManyToOne}/{@code @OneToOne} without a name, JPA's default
 *       {@code <attribute>_<target key column>} (the target's {@code @Id} column, else {@code id}), also
 *       in snake_case;</li>
 *   <li>otherwise the attribute name as PostgreSQL folds it (lower case), then its snake_case form.</li>
 * </ul>
 * The first candidate that is a column of the table wins; attributes with no matching column,
 * {@code @Transient}, static or {@code transient} fields and collection relations are left out.
 */
public final class EntityColumns {

    private EntityColumns() {}

    /**
     * The SQL table of an entity from its {@code @Table(name = ...)}.
     *
     * @throws IllegalStateException when the class has no {@code @Table} name
     */
    public static String tableOf(Class<?> entity) {
        Table table = entity.getAnnotation(Table.class);
        if (table == null || table.name().isBlank()) {
            throw new IllegalStateException(
                    entity.getName() + " has no @Table(name = ...): the panel needs the SQL table name");
        }
        return table.name();
    }

    /**
     * Attribute name to SQL column for {@code entity}, restricted to {@code columns} (the table's columns
     * as the database catalog gives them).
     */
    public static Map<String, String> attributeColumns(Class<?> entity, Collection<String> columns) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Class<?> type = entity; type != null && type != Object.class; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers())
                        || Modifier.isTransient(field.getModifiers())
                        || field.isSynthetic()) {
                    continue;
                }
                put(out, field.getName(), field, field.getType(), columns);
            }
            for (Method method : type.getDeclaredMethods()) {
                String attribute = propertyName(method);
                if (attribute != null
                        && (method.isAnnotationPresent(Column.class)
                                || method.isAnnotationPresent(JoinColumn.class)
                                || method.isAnnotationPresent(ManyToOne.class)
                                || method.isAnnotationPresent(OneToOne.class)
                                || method.isAnnotationPresent(Id.class))) {
                    put(out, attribute, method, method.getReturnType(), columns);
                }
            }
        }
        return out;
    }

    /**
     * The SQL column a relation's {@code fk} names: an attribute mapped by {@link #attributeColumns}, or
     * else a column name given as it is; null when it is neither.
     */
    public static String resolve(Map<String, String> attributeColumns, Collection<String> columns, String fk) {
        String mapped = attributeColumns.get(fk);
        if (mapped != null) {
            return mapped;
        }
        return columns.contains(fk) ? fk : null;
    }

    /** The candidate column names for one attribute, most specific first (see the class comment). */
    static List<String> candidates(String attribute, AnnotatedElement element, Class<?> type) {
        List<String> out = new ArrayList<>();
        if (element.isAnnotationPresent(Transient.class)
                || element.isAnnotationPresent(OneToMany.class)
                || element.isAnnotationPresent(ManyToMany.class)
                || element.isAnnotationPresent(Embedded.class)
                || element.isAnnotationPresent(EmbeddedId.class)) {
            return out;
        }
        Column column = element.getAnnotation(Column.class);
        if (column != null && !column.name().isBlank()) {
            out.add(Sql.unquote(column.name()));
        }
        JoinColumn join = element.getAnnotation(JoinColumn.class);
        if (join != null && !join.name().isBlank()) {
            out.add(Sql.unquote(join.name()));
        }
        if (element.isAnnotationPresent(ManyToOne.class) || element.isAnnotationPresent(OneToOne.class)) {
            String key = idColumn(type);
            out.add(attribute.toLowerCase(Locale.ROOT) + "_" + key);
            out.add(Names.snake(attribute) + "_" + key);
        } else {
            out.add(attribute.toLowerCase(Locale.ROOT));
            out.add(Names.snake(attribute));
        }
        return out;
    }

    private static void put(
            Map<String, String> out,
            String attribute,
            AnnotatedElement element,
            Class<?> type,
            Collection<String> columns) {
        if (out.containsKey(attribute)) {
            return;
        }
        for (String candidate : candidates(attribute, element, type)) {
            String match = match(candidate, columns);
            if (match != null) {
                out.put(attribute, match);
                return;
            }
        }
    }

    private static String match(String candidate, Collection<String> columns) {
        if (columns.contains(candidate)) {
            return candidate;
        }
        return columns.stream()
                .filter(c -> c.equalsIgnoreCase(candidate))
                .findFirst()
                .orElse(null);
    }

    /** The key column of a relation's target entity: its {@code @Id} field's column, else {@code id}. */
    private static String idColumn(Class<?> target) {
        for (Class<?> type = target; type != null && type != Object.class; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (field.isAnnotationPresent(Id.class)) {
                    Column column = field.getAnnotation(Column.class);
                    return column != null && !column.name().isBlank()
                            ? Sql.unquote(column.name())
                            : field.getName().toLowerCase(Locale.ROOT);
                }
            }
        }
        return "id";
    }

    private static String propertyName(Method method) {
        if (method.getParameterCount() != 0 || Modifier.isStatic(method.getModifiers())) {
            return null;
        }
        String name = method.getName();
        String base = name.startsWith("get") && name.length() > 3
                ? name.substring(3)
                : name.startsWith("is") && name.length() > 2 ? name.substring(2) : null;
        return base == null ? null : Character.toLowerCase(base.charAt(0)) + base.substring(1);
    }
}
