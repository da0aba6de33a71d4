package dev.warden.web.ui;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The context root ({@code /}) redirects (302) to the admin panel UI, {@code /admin/}: a newcomer who
 * opens the bare address gets the sign-in page instead of a 404. Mapped to the empty pattern, which matches the
 * context root only; every other path is untouched. Any method is redirected; the redirect carries no data.
 */
@WebServlet(urlPatterns = "")
public class RootRedirectServlet extends HttpServlet {

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.sendRedirect(request.getContextPath() + "/admin/");
    }
}
