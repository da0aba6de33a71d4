package dev.warden.web;

import jakarta.servlet.http.HttpServletRequest;

/**
 * The client's address and user agent as recorded on sessions and audit entries. The address is the
 * socket's peer; a proxy in front is expected to preserve it (Liberty's {@code remoteIp} setting).
 *
 * @param ip        client address, may be null
 * @param userAgent {@code User-Agent} header, may be null
 */
public record ClientInfo(String ip, String userAgent) {

    /** Reads both from the servlet request. */
    public static ClientInfo of(HttpServletRequest request) {
        return new ClientInfo(request.getRemoteAddr(), request.getHeader("User-Agent"));
    }
}
