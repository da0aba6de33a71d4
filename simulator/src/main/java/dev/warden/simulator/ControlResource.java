package dev.warden.simulator;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Test and demo control of the simulator, under {@code /warden-simulator/control} (docs/simulator.md). Callers need
 * the control token and an allowed {@code Host} ({@link ControlSwitch}); the simulator is never deployed in
 * production.
 */
@Path("control")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ControlResource {

    @Inject
    Faults faults;

    @Inject
    Billing billing;

    @Inject
    Traffic traffic;

    @Inject
    AgentLogs agentLogs;

    /** {@code {contract: {mode, delay_ms, requests}}} for every contract. */
    @GET
    public JsonObject all() {
        JsonObjectBuilder out = Json.createObjectBuilder();
        Faults.CONTRACTS.forEach(c -> out.add(c, faults.state(c)));
        return out.build();
    }

    /** Every contract back to its configured mode; request counts and logs cleared (fixtures stay). */
    @POST
    @Path("reset")
    public JsonObject reset() {
        faults.reset();
        return all();
    }

    /** {@code {mode, delay_ms, requests}} of one contract; 404 for an unknown one. */
    @GET
    @Path("{contract}")
    public Response contract(@PathParam("contract") String contract) {
        if (!Faults.CONTRACTS.contains(contract)) {
            return error(404, "unknown contract " + contract + "; one of " + Faults.CONTRACTS);
        }
        return Response.ok(faults.state(contract)).build();
    }

    /** Sets a contract's mode: {@code {"mode": "ok|slow|error|down", "delay_ms": 5000}} (delay_ms optional). */
    @PUT
    @Path("{contract}")
    public Response set(@PathParam("contract") String contract, JsonObject body) {
        if (!Faults.CONTRACTS.contains(contract)) {
            return error(404, "unknown contract " + contract + "; one of " + Faults.CONTRACTS);
        }
        String mode = body == null ? null : body.getString("mode", null);
        if (mode == null || !Faults.MODES.contains(mode.toLowerCase(Locale.ROOT))) {
            return error(400, "mode must be one of " + Faults.MODES);
        }
        long delay = faults.mode(contract).delayMs();
        JsonValue d = body.get("delay_ms");
        if (d instanceof JsonNumber n && n.longValue() >= 0) {
            delay = n.longValue();
        } else if (d != null && d != JsonValue.NULL) {
            return error(400, "delay_ms must be a non-negative number");
        }
        faults.set(contract, new Faults.Mode(mode.toLowerCase(Locale.ROOT), delay));
        return Response.ok(faults.state(contract)).build();
    }

    /** The newest requests a contract received: {@code [{path, query, at}]}, oldest first. */
    @GET
    @Path("{contract}/requests")
    public Response requests(@PathParam("contract") String contract) {
        if (!Faults.CONTRACTS.contains(contract)) {
            return error(404, "unknown contract " + contract);
        }
        return Response.ok(faults.requests(contract).build()).build();
    }

    /**
     * Adds or replaces a billing customer: {@code {"currency": "usd", "credit_balance": 2500, "balance_due": 0,
     * "unused_time_credit": 0, "subscriptions": [{id, status, monthly_price, current_period_end,
     * cancel_at_period_end}]}} (amounts in cents).
     */
    @PUT
    @Path("billing/customers/{id}")
    public Response putCustomer(@PathParam("id") String id, JsonObject body) {
        if (body == null) {
            return error(400, "a JSON object is required");
        }
        JsonArray subs =
                body.containsKey("subscriptions") ? body.getJsonArray("subscriptions") : JsonValue.EMPTY_JSON_ARRAY;
        JsonObjectBuilder customer = Json.createObjectBuilder(body);
        customer.remove("subscriptions");
        billing.put(id, customer.build(), subs);
        return Response.noContent().build();
    }

    @DELETE
    @Path("billing/customers/{id}")
    public Response deleteCustomer(@PathParam("id") String id) {
        billing.remove(id);
        return Response.noContent().build();
    }

    /** Fixes a server's traffic: {@code [{date, outgoing_bytes, incoming_bytes}]}. */
    @PUT
    @Path("infrastructure/servers/{id}/traffic")
    public Response putTraffic(@PathParam("id") String id, JsonArray days) {
        if (days == null) {
            return error(400, "a JSON array is required");
        }
        traffic.fix(id, days);
        return Response.noContent().build();
    }

    @DELETE
    @Path("infrastructure/servers/{id}/traffic")
    public Response deleteTraffic(@PathParam("id") String id) {
        traffic.unfix(id);
        return Response.noContent().build();
    }

    /**
     * Fixes an agent's output: {@code {"lines": [{"stream": "out|err", "text": "..."}], "repeat": 1}} (the
     * lines repeated {@code repeat} times, for big outputs).
     */
    @PUT
    @Path("agents/{key}/output")
    public Response putOutput(@PathParam("key") String key, JsonObject body) {
        if (body == null || !body.containsKey("lines")) {
            return error(400, "{\"lines\": [{\"stream\", \"text\"}]} is required");
        }
        int repeat = body.getInt("repeat", 1);
        List<AgentLogs.Line> lines = new ArrayList<>();
        for (int r = 0; r < Math.max(1, repeat); r++) {
            for (JsonValue v : body.getJsonArray("lines")) {
                JsonObject line = (JsonObject) v;
                lines.add(new AgentLogs.Line(line.getString("stream", "out"), line.getString("text", "")));
            }
        }
        agentLogs.fix(key, lines);
        return Response.noContent().build();
    }

    @DELETE
    @Path("agents/{key}/output")
    public Response deleteOutput(@PathParam("key") String key) {
        agentLogs.unfix(key);
        return Response.noContent().build();
    }

    private static Response error(int status, String message) {
        return Response.status(status)
                .entity(Json.createObjectBuilder().add("error", message).build())
                .build();
    }
}
