// Loads the UI's TypeScript modules in node for the unit tests (node --test tests/unit/*.test.mjs, run by
// `npm run build`): Vite's own module loader (ssrLoadModule) transpiles them, the packages come from node_modules.
// Only modules without a browser global at load time can be loaded (not api.ts: it reads document.baseURI).
import { createServer } from "vite";
import { fileURLToPath } from "node:url";
import { after } from "node:test";

const root = fileURLToPath(new URL("../..", import.meta.url));
const server = await createServer({
  root, configFile: false, logLevel: "error", appType: "custom",
  server: { middlewareMode: true, hmr: false, watch: null }, optimizeDeps: { noDiscovery: true, include: [] },
});
after(() => server.close());

/** The exports of a module of the UI, by its path from the UI folder (e.g. "/src/form-values.ts"). */
export const load = (path) => server.ssrLoadModule(path);
