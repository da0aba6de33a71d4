import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// Built by the Maven build (web-module/pom.xml) into target/ui/admin, i.e. served at <context>/admin/.
// base "./" keeps every asset URL relative to the page's <base href>, which the server sets to the context
// path the WAR runs at; file names carry a content hash, so the server can cache them forever.
export default defineConfig({
  base: "./",
  plugins: [react()],
  build: {
    outDir: process.env.WARDEN_UI_OUT || "dist",
    emptyOutDir: true,
    assetsDir: "assets",
    chunkSizeWarningLimit: 2500,
    sourcemap: false,
  },
  server: {
    proxy: { "/admin-api": process.env.WARDEN_URL || "http://localhost:9080" },
  },
});
