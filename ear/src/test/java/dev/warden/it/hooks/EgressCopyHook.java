package dev.warden.it.hooks;

import dev.warden.hosting.egress.EgressCopy;
import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * IT-only: runs the egress copy now. Deployed only by {@code Deployments.wardenWithItHooks}, added to the web module of
 * a test copy of the EAR ({@code SharedDeployment.Ear.WARDEN_WITH_HOSTING_LIMITS}); never part of {@code warden.ear}.
 * {@code POST /warden-it-hooks/egress-copy?instance=ID} → {@code COPIED|FAILED|NOT_FOUND};
 * without {@code instance} → the whole run's summary.
 */
@WebServlet("/warden-it-hooks/egress-copy")
public class EgressCopyHook extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @EJB
    EgressCopy copy;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String instance = request.getParameter("instance");
        String result = instance == null
                ? copy.copyAll().toString()
                : copy.copyInstance(Long.parseLong(instance)).name();
        response.setContentType("text/plain");
        response.getWriter().write(result);
    }
}
