import path from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: "src/web",
  publicDir: false,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@domain": here("./src/domain"),
      "@web": here("./src/web"),
    },
  },
  build: { outDir: process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : here("./dist/web"), emptyOutDir: true, sourcemap: false },
  server: { proxy: { "/api": "http://127.0.0.1:5000" } },
});
