package dev.warden.it.support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The role-rule and policy matrices (docs/admin-api.md, "Authentication"): the identities they sign in and the
 * cell-by-cell comparison of status codes (RoleMatrixIT, PolicyMatrixIT).
 */
public final class AccessMatrix {

    /** The CRUD actions, in the order of every expected row. */
    public static final List<String> ACTIONS = List.of("list", "read", "create", "update", "delete");

    private AccessMatrix() {}

    /** One cell: the status {@code who} gets for {@code action}. */
    @FunctionalInterface
    public interface Cell {
        int status(String who, String action) throws Exception;
    }

    /**
     * Session cookies by identity: {@code admin}, {@code mod:<scope>} for each of {@code scopes}, {@code mod:elsewhere}
     * (scoped to {@code users}), {@code user} (no role) and {@code anonymous} (null).
     */
    public static Map<String, String> identities(List<String> scopes) throws Exception {
        Map<String, String> sessions = new LinkedHashMap<>();
        sessions.put("admin", Api.signedIn("admin", null).cookie());
        for (String scope : scopes) {
            sessions.put("mod:" + scope, Api.signedIn("mod", scope).cookie());
        }
        sessions.put("mod:elsewhere", Api.signedIn("mod", "users").cookie());
        String email = "matrix-user-" + TestDb.unique() + "@example.com";
        String password = "matrix password " + TestDb.unique();
        TestDb.panelUser(email, "Plain", password);
        sessions.put("user", Api.login(email, password));
        sessions.put("anonymous", null);
        return sessions;
    }

    /** The status of every cell of {@code expected}'s rows, by identity, in {@link #ACTIONS} order. */
    public static Map<String, List<Integer>> observe(Map<String, List<Integer>> expected, Cell cell) throws Exception {
        Map<String, List<Integer>> observed = new LinkedHashMap<>();
        for (String who : expected.keySet()) {
            List<Integer> row = new ArrayList<>();
            for (String action : ACTIONS) {
                row.add(cell.status(who, action));
            }
            observed.put(who, row);
        }
        return observed;
    }

    /** One line per cell where {@code observed} differs from {@code expected} on {@code key}; empty when all agree. */
    public static List<String> differences(
            String key, Map<String, List<Integer>> expected, Map<String, List<Integer>> observed) {
        List<String> wrong = new ArrayList<>();
        expected.forEach((who, row) -> {
            for (int i = 0; i < ACTIONS.size(); i++) {
                int status = observed.get(who).get(i);
                if (status != row.get(i)) {
                    wrong.add(
                            who + " " + ACTIONS.get(i) + " " + key + ": " + status + " (expected " + row.get(i) + ")");
                }
            }
        });
        return wrong;
    }
}
