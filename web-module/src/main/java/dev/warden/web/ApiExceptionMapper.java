package dev.warden.web;

import dev.warden.common.ApiException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Maps {@link ApiException} to its documented status, code, fields and headers. */
@Provider
public class ApiExceptionMapper implements ExceptionMapper<ApiException> {

    @Override
    public Response toResponse(ApiException e) {
        Response.ResponseBuilder response = ErrorBodies.response(e.errorCode(), e.getMessage(), e.fields());
        e.headers().forEach(response::header);
        return response.build();
    }
}
