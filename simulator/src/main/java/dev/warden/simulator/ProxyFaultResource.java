package dev.warden.simulator;

import jakarta.json.Json;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Plays the proxy in front of the hosting API when it is overloaded (docs/hosting-api.md, "Requirements: Errors": "the proxy in
 * front of the API can itself answer 429, 502 or 504 as plain text instead of JSON"), so clients' retry handling
 * ({@code HostingPoller}) can be tested against real HTTP answers.
 *
 * <ul>
 *   <li>{@code GET /proxy-faults/{status}?retry_after=V&cache_control=C}: one answer with that status. 429, 502,
 *   503 and 504 answer plain text like a proxy ({@code Too Many Requests}, {@code Bad Gateway}, ...); 2xx answers
 *   {@code {"data":[]}}; other statuses the API's JSON error body. {@code Retry-After: V} and
 *   {@code Cache-Control: C} are sent verbatim when given (so a test can send a missing, a date or a garbage
 *   value).</li>
 *   <li>{@code GET /proxy-faults/script/{name}?steps=S}: the n-th call with the same {@code name} answers the n-th
 *   step of {@code S} (the last step repeats), for a client that polls one URL. Steps are comma-separated,
 *   each {@code status[;retry=V][;max-age=N]}, e.g. {@code 429;retry=3,502,504;retry=soon,200;max-age=30,401}.</li>
 * </ul>
 */
@Path("proxy-faults")
public class ProxyFaultResource {

    private static final Map<String, AtomicInteger> CALLS = new ConcurrentHashMap<>();

    /** One answer with {@code status} and the headers asked for; 400 for a status outside 200..599. */
    @GET
    @Path("{status: \\d{3}}")
    public Response fault(
            @PathParam("status") int status,
            @QueryParam("retry_after") String retryAfter,
            @QueryParam("cache_control") String cacheControl) {
        return answer(status, retryAfter, cacheControl);
    }

    /** The next step of the named script (see the class comment); 400 for a malformed {@code steps}. */
    @GET
    @Path("script/{name}")
    public Response script(@PathParam("name") String name, @QueryParam("steps") String steps) {
        List<String[]> parsed = new ArrayList<>();
        for (String step : steps == null ? new String[0] : steps.split(",")) {
            parsed.add(step.strip().split(";"));
        }
        if (parsed.isEmpty()) {
            return plain(400, "steps is required, e.g. 429;retry=3,200;max-age=30");
        }
        int n = CALLS.computeIfAbsent(name, k -> new AtomicInteger()).getAndIncrement();
        String[] step = parsed.get(Math.min(n, parsed.size() - 1));
        String retry = null;
        String maxAge = null;
        for (int i = 1; i < step.length; i++) {
            String option = step[i].strip();
            if (option.startsWith("retry=")) {
                retry = option.substring("retry=".length());
            } else if (option.startsWith("max-age=")) {
                maxAge = "max-age=" + option.substring("max-age=".length());
            }
        }
        try {
            return answer(Integer.parseInt(step[0].strip()), retry, maxAge);
        } catch (NumberFormatException e) {
            return plain(400, "not a status: " + step[0]);
        }
    }

    private static Response answer(int status, String retryAfter, String cacheControl) {
        if (status < 200 || status > 599) {
            return plain(400, "status must be 200..599");
        }
        Response.ResponseBuilder out;
        if (status == 429 || status == 502 || status == 503 || status == 504) {
            out = Response.status(status).type(MediaType.TEXT_PLAIN_TYPE).entity(reason(status));
        } else if (status < 300) {
            out = Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity("{\"data\":[]}");
        } else {
            out = Response.status(status)
                    .type(MediaType.APPLICATION_JSON_TYPE)
                    .entity(Json.createObjectBuilder()
                            .add(
                                    "error",
                                    Json.createObjectBuilder()
                                            .add(
                                                    "code",
                                                    status == 401
                                                            ? "unauthenticated"
                                                            : status == 404 ? "not_found" : "invalid_request")
                                            .add("message", "simulated " + status))
                            .build()
                            .toString());
        }
        if (retryAfter != null) {
            out.header("Retry-After", retryAfter);
        }
        if (cacheControl != null) {
            out.header("Cache-Control", cacheControl);
        }
        return out.build();
    }

    private static String reason(int status) {
        return switch (status) {
            case 429 -> "Too Many Requests";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            default -> "Gateway Timeout";
        };
    }

    private static Response plain(int status, String text) {
        return Response.status(status)
                .type(MediaType.TEXT_PLAIN_TYPE)
                .entity(text)
                .build();
    }
}
