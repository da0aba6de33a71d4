package dev.warden.web;

import dev.warden.rooms.Rooms;
import jakarta.ejb.EJB;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code X-Warden-Node: <node name>} on every answer when {@code warden.node.header} is {@code true} (env
 * {@code WARDEN_NODE_HEADER}; default {@code false}): which node of a cluster served the request, so a test
 * through a load balancer can show that alternate requests land on both nodes. The name is
 * {@code warden.node.name}, the one the live rooms use ({@link Rooms#node()}). Off by default: the header tells an
 * outsider how many nodes there are and what they are called.
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class NodeHeaderFilter extends HttpFilter {

    /** The response header naming the node. */
    public static final String HEADER = "X-Warden-Node";

    private static final long serialVersionUID = 1L;

    @Inject
    @ConfigProperty(name = "warden.node.header", defaultValue = "false")
    boolean enabled;

    @EJB
    Rooms rooms;

    private volatile String node;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (enabled) {
            String name = node;
            if (name == null) {
                name = rooms.node();
                node = name;
            }
            response.setHeader(HEADER, name);
        }
        chain.doFilter(request, response);
    }
}
