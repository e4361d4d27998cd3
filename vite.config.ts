import path from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: "src/web",
  // Only the PWA's icons live there (scripts/make-icons.ts).
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
    // Installable app and offline field work (decisions §9, README "Sul tetto senza rete").
    VitePWA({
      strategies: "injectManifest",
      srcDir: ".",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifest: {
        name: "Colmo",
        short_name: "Colmo",
        description: "Colmo: la giornata del tecnico, sopralluoghi e cantieri anche senza rete",
        lang: "it",
        start_url: "/admin/oggi",
        scope: "/",
        display: "standalone",
        orientation: "portrait",
        theme_color: "#1e4e79",
        background_color: "#f8fafc",
        icons: [
          { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,png,webmanifest}"],
        // The charts' chunk is large; it is part of the shell all the same.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  resolve: {
    alias: {
      "@domain": here("./src/domain"),
      "@web": here("./src/web"),
    },
  },
  build: {
    outDir: process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : here("./dist/web"),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: { proxy: { "/api": "http://127.0.0.1:5000" } },
});
