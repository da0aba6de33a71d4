package dev.warden.rooms.admin;

import dev.warden.common.ApiException;
import dev.warden.common.ListWindow;
import dev.warden.rooms.Room;
import dev.warden.rooms.RoomSettings;
import dev.warden.rooms.RoomStore;
import dev.warden.rooms.RoomSummary;
import dev.warden.rooms.Rooms;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The list convention (docs/admin-api.md, "List query parameters") over room rows {@code {id, type, node, clients, max_clients,
 * locked, created_at}}: {@code _start}/{@code _end} ({@link ListWindow}: default 0 to {@code _start + 100}, at most 1000), {@code _sort}/{@code _order},
 * {@code _q}/{@code q} (substring of id, type, node); columns also {@code figures.<name>} ({@link #FIGURES}) and
 * {@code metadata.<key>}; {@code <col>_eq|_ne|_gt|_gte|_lt|_lte|_in|_like} and bare
 * {@code <col>=v}. An unknown column or a bad value is 422 naming the parameter.
 */
public final class RoomQuery {

    /** A window of rows and the total before windowing. */
    public record Result(List<JsonObject> rows, int total) {}

    private static final List<String> COLUMNS =
            List.of("id", "type", "node", "clients", "max_clients", "locked", "created_at");
    /** The figures a list can sort and filter on as {@code figures.<name>}. */
    public static final List<String> FIGURES = List.of(
            "messages_in_per_s",
            "messages_out_per_s",
            "bytes_out_per_s",
            "patches_per_s",
            "state_bytes",
            "patch_ms_p50",
            "patch_ms_p99",
            "lag_ms");

    private static final java.util.regex.Pattern METADATA_KEY =
            java.util.regex.Pattern.compile("metadata\\.[A-Za-z0-9_-]{1,64}");

    private static final List<String> OPS = List.of("_eq", "_ne", "_gte", "_gt", "_lte", "_lt", "_in", "_like");

    private final List<Predicate<RoomSummary>> filters = new ArrayList<>();
    private Comparator<RoomSummary> order =
            Comparator.comparing(RoomSummary::createdAt, Comparator.nullsLast(Comparator.reverseOrder()));
    private int start = 0;
    private int end = 100;

    private RoomQuery() {}

    /** The cluster rows, with this node's rooms taken from memory (their figures are current). */
    static List<RoomSummary> rows(List<RoomStore.Row> stored, Rooms rooms) {
        Map<String, RoomSummary> out = new LinkedHashMap<>();
        for (RoomStore.Row r : stored) {
            int max = rooms.settings(r.type()).map(RoomSettings::maxClients).orElse(0);
            out.put(
                    r.id(),
                    new RoomSummary(
                            r.id(),
                            r.type(),
                            r.node(),
                            r.clients(),
                            max,
                            r.locked(),
                            r.createdAt(),
                            r.metadata(),
                            r.figures(),
                            r.userIds()));
        }
        out.keySet()
                .removeIf(id -> out.get(id).node().equals(rooms.node())
                        && rooms.find(id).isEmpty());
        for (Room room : rooms.local()) {
            if (!room.disposed()) {
                out.put(room.id(), RoomSummary.of(room, rooms.node()));
            }
        }
        return new ArrayList<>(out.values());
    }

    /** True for a list column, {@code figures.<name>} and {@code metadata.<key>} included. */
    static boolean known(String column) {
        return COLUMNS.contains(column)
                || column.startsWith("figures.") && FIGURES.contains(column.substring(8))
                || METADATA_KEY.matcher(column).matches();
    }

    /**
     * The value of {@code column} in {@code r}: numbers as {@code Long}, {@code created_at} an {@link Instant},
     * {@code figures.<name>} a {@code Double}, {@code metadata.<key>} the member's text (a string's value, else its
     * JSON); null when absent.
     */
    private static Object get(RoomSummary r, String column) {
        return switch (column) {
            case "id" -> r.id();
            case "type" -> r.type();
            case "node" -> r.node();
            case "clients" -> (long) r.clients();
            case "max_clients" -> (long) r.maxClients();
            case "locked" -> r.locked();
            case "created_at" -> r.createdAt();
            default -> {
                if (column.startsWith("figures.")) {
                    yield r.figures() != null && r.figures().get(column.substring(8)) instanceof JsonNumber n
                            ? n.doubleValue()
                            : null;
                }
                JsonValue v = r.metadata() == null ? null : r.metadata().get(column.substring(9));
                yield v == null || v.getValueType() == JsonValue.ValueType.NULL
                        ? null
                        : v instanceof JsonString s ? s.getString() : v.toString();
            }
        };
    }

    /**
     * Parses the list parameters.
     *
     * @throws ApiException 422 naming the parameter
     */
    public static RoomQuery parse(Map<String, List<String>> params) {
        RoomQuery q = new RoomQuery();
        Map<String, List<String>> bare = new HashMap<>();
        List<String> sort = List.of();
        List<String> orders = List.of();
        for (Map.Entry<String, List<String>> e : params.entrySet()) {
            String key = e.getKey();
            String value = e.getValue().isEmpty() ? "" : e.getValue().get(0);
            switch (key) {
                case "_start", "_end", "player", "player_eq" -> {} // the window, below; the player search, in RoomAdmin
                case "_sort" -> sort = List.of(value.split(","));
                case "_order" -> orders = ListWindow.orders(params);
                case "_q", "q" -> {
                    String needle = value.toLowerCase(Locale.ROOT);
                    q.filters.add(r -> (r.id() + " " + r.type() + " " + r.node())
                            .toLowerCase(Locale.ROOT)
                            .contains(needle));
                }
                default -> {
                    String op = OPS.stream().filter(key::endsWith).findFirst().orElse(null);
                    String column = op == null ? key : key.substring(0, key.length() - op.length());
                    if (!known(column)) {
                        throw ApiException.invalid(key, "unknown column '" + column + "'");
                    }
                    if (op == null) {
                        bare.put(column, e.getValue());
                    } else {
                        q.filters.add(filter(key, column, op, value));
                    }
                }
            }
        }
        bare.forEach((column, values) -> {
            List<Object> wanted =
                    values.stream().map(v -> value(column, column, v)).toList();
            q.filters.add(r -> wanted.contains(get(r, column)));
        });
        ListWindow window = ListWindow.parse(params, 100, 1000);
        q.start = window.start();
        q.end = window.end();
        Comparator<RoomSummary> comparator = null;
        for (int i = 0; i < sort.size(); i++) {
            String column = sort.get(i).strip();
            if (!known(column)) {
                throw ApiException.invalid("_sort", "unknown column '" + column + "'");
            }
            boolean desc = i < orders.size() && orders.get(i).equals("desc");
            @SuppressWarnings({"unchecked", "rawtypes"})
            Comparator<RoomSummary> c = Comparator.comparing(
                    r -> (Comparable) get(r, column), Comparator.nullsLast(Comparator.naturalOrder()));
            c = desc ? c.reversed() : c;
            comparator = comparator == null ? c : comparator.thenComparing(c);
        }
        if (comparator != null) {
            q.order = comparator.thenComparing(RoomSummary::id);
        }
        return q;
    }

    /** Filters, sorts and windows {@code rows}. */
    public Result apply(List<RoomSummary> rows) {
        List<RoomSummary> matching = rows.stream()
                .filter(r -> filters.stream().allMatch(f -> f.test(r)))
                .sorted(order)
                .toList();
        List<JsonObject> window =
                matching.subList(Math.min(start, matching.size()), Math.min(end, matching.size())).stream()
                        .map(RoomSummary::json)
                        .toList();
        return new Result(window, matching.size());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Predicate<RoomSummary> filter(String param, String column, String op, String raw) {
        if (op.equals("_like")) {
            String needle = raw.toLowerCase(Locale.ROOT);
            return r -> String.valueOf(get(r, column)).toLowerCase(Locale.ROOT).contains(needle);
        }
        if (op.equals("_in")) {
            List<Object> wanted = List.of(raw.split(",")).stream()
                    .map(v -> value(param, column, v.strip()))
                    .toList();
            return r -> wanted.contains(get(r, column));
        }
        Comparable wanted = (Comparable) value(param, column, raw);
        return r -> {
            Comparable have = (Comparable) get(r, column);
            if (have == null) {
                return false;
            }
            int c = have.compareTo(wanted);
            return switch (op) {
                case "_eq" -> c == 0;
                case "_ne" -> c != 0;
                case "_gt" -> c > 0;
                case "_gte" -> c >= 0;
                case "_lt" -> c < 0;
                default -> c <= 0;
            };
        };
    }

    private static Object value(String param, String column, String raw) {
        try {
            return switch (column) {
                case "clients", "max_clients" -> Long.parseLong(raw.strip());
                case "locked" -> {
                    if (!raw.equalsIgnoreCase("true") && !raw.equalsIgnoreCase("false")) {
                        throw new IllegalArgumentException("not a boolean");
                    }
                    yield Boolean.parseBoolean(raw);
                }
                case "created_at" -> Instant.parse(raw.strip());
                default -> column.startsWith("figures.") ? (Object) Double.parseDouble(raw.strip()) : raw;
            };
        } catch (RuntimeException e) {
            throw ApiException.invalid(param, "bad value '" + raw + "' for " + column);
        }
    }
}
