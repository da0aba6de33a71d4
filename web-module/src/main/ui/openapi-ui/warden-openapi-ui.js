// Swagger UI over the document the server serves at /openapi (relative: the page lives at /openapi-ui/).
window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: "../openapi",
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: "StandaloneLayout",
  });
};
