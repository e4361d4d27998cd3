import fs from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Import boundaries of docs/architecture.md: domain is pure, web never reaches the server,
// and features do not import each other (pages compose them through app/).
const restrict = (patterns) => ["error", { patterns }];
const serverNoTest = {
  group: ["**/test/**", "@server/test/**"],
  message: "Il codice di produzione non importa codice di test (src/server/test/).",
};
// The demo data (src/server/demo, modules/*/demo*.ts) is for scripts/demo.ts and the tests only:
// the production server never loads it.
const demoFiles = ["src/server/demo/**", "src/server/modules/*/demo*.ts"];
const serverNoDemo = {
  group: ["**/demo", "**/demo/**", "**/demo-*"],
  message: "Il codice di produzione non importa i dati dimostrativi (src/server/demo, modules/*/demo*.ts).",
};
const noFastify = {
  group: ["fastify", "fastify/*", "fastify-*", "@fastify/*"],
  message:
    "Un servizio non vede Fastify: riceve un Actor (actorOf(request) nella route) e ciò che gli serve della richiesta.",
};
const noFastifyInHelpers = {
  group: ["fastify", "fastify/*", "fastify-*", "@fastify/*"],
  message:
    "lib/ e documents/ non vedono Fastify: la risposta HTTP (sendPage, sendCsv, sendStoredDocument, withPdfSlot…) sta in src/server/http/.",
};
const browserOnly = {
  group: ["@server/*", "**/server/**", "drizzle-orm*", "fastify*", "pg", "@electric-sql/*"],
  message: "Il browser non importa codice del server.",
};
// Every folder of src/web/features is a feature: a new one is covered the day it is created.
const features = fs
  .readdirSync(new URL("./src/web/features", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
// The roots of the web app's own routes (src/web/lib/paths.ts), as an esquery regular expression.
const appPath = "/^[/](admin|client|portal|login|setup)([/?#]|$)/";
const restrictedSyntax = (message, selectors) => selectors.map((selector) => ({ selector, message }));
// App paths come from src/web/lib/paths.ts (typed, checked against the router): no hand-written
// "/admin…", "/client…", "/portal…", "/login…", "/setup…", nor "/" as a link. "/api/…" is not an app path.
const pathRules = restrictedSyntax(
  "Percorso scritto a mano: usa paths di src/web/lib/paths.ts (es. paths.admin.estimate(id)).",
  [
    `Literal[value=${appPath}]`,
    `TemplateLiteral > TemplateElement:first-child[value.raw=${appPath}]`,
    "JSXAttribute[name.name=/^(href|to|backHref)$/] > Literal[value=/^[/](?!api[/])/]",
    "CallExpression[callee.name='navigate'] > Literal[value=/^[/](?!api[/])/]",
  ],
);
// Query keys come from the feature's api/keys.ts or src/web/lib/query-keys.ts: no raw array.
const keyRules = restrictedSyntax(
  "Chiave di query scritta a mano: usa la factory della feature (api/keys.ts) o src/web/lib/query-keys.ts.",
  [
    "Property[key.name='queryKey'] > ArrayExpression",
    "JSXAttribute[name.name='queryKey'] > JSXExpressionContainer > ArrayExpression",
    "CallExpression[callee.property.name=/^(get|set)QueryData$/] > ArrayExpression",
  ],
);
const keyFactories = ["src/web/features/*/api/keys.ts", "src/web/lib/query-keys.ts"];
const webTests = ["src/web/**/*.test.{ts,tsx}"];
const featureImports = (names) =>
  names.flatMap((f) => [`@web/features/${f}`, `@web/features/${f}/**`, `**/features/${f}/**`]);

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "drizzle/**", ".tmp/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    files: ["src/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": restrict([
        {
          group: ["@server/*", "@web/*", "../server/*", "../web/*", "node:*", "drizzle-orm*", "fastify*", "react*"],
          message: "src/domain è puro: niente I/O, server o web.",
        },
      ]),
    },
  },
  {
    // Test helpers, fixtures and the reliability suite live under src/server/test/: production
    // code never reaches them.
    files: ["src/server/**/*.ts"],
    ignores: ["**/*.test.ts", "src/server/test/**", ...demoFiles],
    rules: { "no-restricted-imports": restrict([serverNoTest, serverNoDemo]) },
  },
  {
    // Services, queries and helpers learn who acts from an Actor (src/server/auth/actor.ts) and
    // never see Fastify: only the route files (routes.ts and *-routes.ts, which declare the
    // module's endpoints, src/server/http/endpoint.ts) speak HTTP.
    files: ["src/server/modules/**/*.ts"],
    ignores: ["**/routes.ts", "**/*-routes.ts", "**/*.test.ts", ...demoFiles],
    rules: { "no-restricted-imports": restrict([serverNoTest, serverNoDemo, noFastify]) },
  },
  {
    // Shared helpers (lib/) and documents (documents/) are plain logic: the Fastify answer made
    // from them (a page's headers, a CSV download, a stored document, a PDF slot) is in src/server/http/.
    files: ["src/server/lib/**/*.ts", "src/server/documents/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": restrict([serverNoTest, serverNoDemo, noFastifyInHelpers]) },
  },
  {
    files: demoFiles,
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": restrict([serverNoTest, noFastify]) },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": restrict([browserOnly]) },
  },
  // App paths and query keys come from their modules, never written by hand (one rule, so each
  // module is exempt only from its own half).
  {
    files: ["src/web/**/*.{ts,tsx}"],
    ignores: webTests,
    rules: { "no-restricted-syntax": ["error", ...pathRules, ...keyRules] },
  },
  { files: ["src/web/lib/paths.ts"], rules: { "no-restricted-syntax": ["error", ...keyRules] } },
  { files: keyFactories, rules: { "no-restricted-syntax": ["error", ...pathRules] } },
  {
    // Shared UI and helpers serve every feature, so they import none.
    files: ["src/web/components/**/*.{ts,tsx}", "src/web/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrict([
        browserOnly,
        {
          group: ["@web/features/**", "**/features/**", "@web/app/**", "**/app/**"],
          message: "components/ e lib/ non importano le feature né app/: sono condivisi da tutte.",
        },
      ]),
    },
  },
  ...features.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": restrict([
        browserOnly,
        {
          group: featureImports(features.filter((f) => f !== feature)),
          message:
            "Le feature non si importano a vicenda: condividi in components/ o lib/, o componi nelle pagine di app/.",
        },
      ]),
    },
  })),
);
