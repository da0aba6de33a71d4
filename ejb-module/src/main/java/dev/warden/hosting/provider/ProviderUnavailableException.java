package dev.warden.hosting.provider;

/**
 * An upstream provider could not answer usefully: down, slow (timeout), an error status, an open circuit,
 * a full bulkhead, missing configuration or a body that breaks its contract. The message is for the log;
 * callers answer their endpoint's documented error (503 {@code billing_unavailable}, 502
 * {@code instance_unreachable}; docs/hosting-api.md, "Requirements: Errors").
 */
public class ProviderUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ProviderUnavailableException(String message) {
        super(message);
    }

    public ProviderUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
