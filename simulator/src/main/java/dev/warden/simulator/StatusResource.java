package dev.warden.simulator;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code GET /simulator/status}: which provider contracts this simulator plays. */
@Path("status")
public class StatusResource {

    /** 200 {@code {"simulator": "up", "contracts": [...]}}. */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public JsonObject status() {
        return Json.createObjectBuilder()
                .add("simulator", "up")
                .add("contracts", Json.createArrayBuilder())
                .build();
    }
}
