package dev.warden.web;

import dev.warden.common.ErrorCode;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;

/**
 * Maps the JAX-RS runtime's own errors (no matching path 404, wrong method 405, unsupported media type,
 * unreadable body) to the documented error body, so no HTML error page reaches a client.
 */
@Provider
public class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {

    @Override
    public Response toResponse(WebApplicationException e) {
        Response original = e.getResponse();
        int status = original == null ? 500 : original.getStatus();
        String message;
        if (e instanceof NotFoundException) {
            message = "No such resource";
        } else if (e instanceof NotAllowedException) {
            message = "Method not allowed" + allowed(original);
        } else if (status == 415) {
            status = 400;
            message = "Unsupported content type; send application/json";
        } else if (status >= 500) {
            return UnhandledExceptionMapper.serverError(e);
        } else {
            message = original.getStatusInfo().getReasonPhrase();
        }
        Response.ResponseBuilder response =
                ErrorBodies.response(status, ErrorCode.forStatus(status), message, Map.of());
        if (original != null && original.getHeaderString(HttpHeaders.ALLOW) != null) {
            response.header(HttpHeaders.ALLOW, original.getHeaderString(HttpHeaders.ALLOW));
        }
        return response.build();
    }

    private static String allowed(Response original) {
        String allow = original == null ? null : original.getHeaderString(HttpHeaders.ALLOW);
        return allow == null ? "" : "; allowed: " + allow;
    }
}
