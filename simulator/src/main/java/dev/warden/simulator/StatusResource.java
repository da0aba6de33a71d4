package dev.warden.simulator;

import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code GET /warden-simulator/status}: the provider contracts this simulator plays and their modes. */
@Path("status")
@jakarta.enterprise.context.RequestScoped
public class StatusResource {

    @Inject
    Faults faults;

    /** 200 {@code {"simulator": "up", "contracts": [...], "modes": {contract: {mode, delay_ms, requests}}}}. */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public JsonObject status() {
        JsonArrayBuilder contracts = Json.createArrayBuilder();
        JsonObjectBuilder modes = Json.createObjectBuilder();
        for (String c : Faults.CONTRACTS) {
            contracts.add(c);
            modes.add(c, faults.state(c));
        }
        return Json.createObjectBuilder()
                .add("simulator", "up")
                .add("contracts", contracts)
                .add("modes", modes)
                .build();
    }
}
