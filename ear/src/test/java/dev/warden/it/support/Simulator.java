package dev.warden.it.support;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;

/** The simulator deployed in the test server ({@code /warden-simulator}, docs/simulator.md): modes, fixtures, request logs. */
public final class Simulator {

    /**
     * The control API's token in the test servers ({@code simulator.control.token} in it.xml and
     * wildfly-it.properties), sent as {@code Authorization: Bearer}.
     */
    public static final String CONTROL_TOKEN = "warden-it-simulator-control-token";

    private Simulator() {}

    /** Base URL of the simulator, e.g. {@code http://localhost:9181/warden-simulator}. */
    public static String url() {
        return Api.baseUrl() + "/warden-simulator";
    }

    private static RequestSpecification control() {
        return Api.bearer(CONTROL_TOKEN).contentType(ContentType.JSON);
    }

    /** Sets {@code contract} (infrastructure, billing, agent) to {@code mode} (ok, slow, error, down). */
    public static void mode(String contract, String mode, long delayMs) {
        control()
                .body(Map.of("mode", mode, "delay_ms", delayMs))
                .put("/warden-simulator/control/" + contract)
                .then()
                .statusCode(200);
    }

    public static void mode(String contract, String mode) {
        mode(contract, mode, 5000);
    }

    /** Every contract back to ok; counts and request logs cleared. */
    public static void reset() {
        control().post("/warden-simulator/control/reset").then().statusCode(200);
    }

    /** How many requests {@code contract} has received since the last reset. */
    public static long requests(String contract) {
        return control()
                .get("/warden-simulator/control/" + contract)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("requests");
    }

    /** The newest requests of {@code contract}: {@code [{path, query, at}]}. */
    public static JsonPath requestLog(String contract) {
        return control()
                .get("/warden-simulator/control/" + contract + "/requests")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    /** The query of the newest request of {@code contract} whose path ends with {@code pathSuffix}. */
    public static Map<String, String> lastQuery(String contract, String pathSuffix) {
        JsonPath log = requestLog(contract);
        List<Map<String, Object>> all = log.getList("");
        for (int i = all.size() - 1; i >= 0; i--) {
            if (((String) all.get(i).get("path")).endsWith(pathSuffix)) {
                @SuppressWarnings("unchecked")
                Map<String, String> q = (Map<String, String>) all.get(i).get("query");
                return q;
            }
        }
        throw new AssertionError("no " + contract + " request to ..." + pathSuffix + " in " + all);
    }

    /** Puts a billing customer (amounts in cents) with its subscriptions. */
    public static void customer(String id, Map<String, Object> body) {
        control()
                .body(body)
                .put("/warden-simulator/control/billing/customers/" + id)
                .then()
                .statusCode(204);
    }

    /** Fixes a server's traffic days. */
    public static void traffic(String serverId, List<Map<String, Object>> days) {
        control()
                .body(days)
                .put("/warden-simulator/control/infrastructure/servers/" + serverId + "/traffic")
                .then()
                .statusCode(204);
    }

    /** Fixes an agent's output lines ({@code stream}, {@code text}), repeated {@code repeat} times. */
    public static void output(String key, List<Map<String, String>> lines, int repeat) {
        control()
                .body(Map.of("lines", lines, "repeat", repeat))
                .put("/warden-simulator/control/agents/" + key + "/output")
                .then()
                .statusCode(204);
    }

    /** The agent endpoint of simulated agent {@code key}. */
    public static String agent(String key) {
        return url() + "/agents/" + key;
    }
}
