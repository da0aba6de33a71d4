/**
 * The admin panel UI's servlet side: {@link dev.warden.web.ui.AdminUiFilter} serves the built single-page app under
 * {@code /admin}, and {@link dev.warden.web.ui.RootRedirectServlet} sends the context root to it.
 */
package dev.warden.web.ui;
