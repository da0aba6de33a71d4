// After "vite build": puts Swagger UI (npm swagger-ui-dist) and openapi-ui/ beside the admin UI's output, so the
// web module serves it at /openapi-ui/ (docs/decisions/wildfly-configuration-differences.md). WARDEN_UI_OUT is the admin UI's folder
// (target/ui/admin); the UI goes to its sibling openapi-ui.
import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(resolve(here, process.env.WARDEN_UI_OUT || "dist"), "..", "openapi-ui");
const dist = join(here, "node_modules", "swagger-ui-dist");
mkdirSync(out, { recursive: true });
for (const f of ["swagger-ui.css", "index.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "LICENSE", "NOTICE"]) {
  copyFileSync(join(dist, f), join(out, f));
}
for (const f of readdirSync(join(here, "openapi-ui"))) {
  copyFileSync(join(here, "openapi-ui", f), join(out, f));
}
console.log("Swagger UI copied to " + out);
