import { backOfficeSections } from "@domain/roles";
import { parse } from "regexparam";
import { describe, expect, it } from "vitest";
import { paths, routes } from "@web/lib/paths";
import { adminRoutes, portalRoutes, redirects } from "./router";

// The router's table, in the order its Switch tries it.
const table = [
  routes.landing,
  routes.login,
  routes.setup,
  routes.activate,
  ...Object.values(routes.aliases),
  ...adminRoutes.map(([p]) => p),
  ...portalRoutes.map(([p]) => p),
];
const firstMatch = (path: string) => table.find((p) => parse(p).pattern.test(path.split(/[?#]/)[0] ?? ""));

// Every builder of src/web/lib/paths.ts with a sample id, flattened: "admin.estimate" → "/admin/quotes/x1".
type Tree = { [k: string]: Tree | ((...a: never[]) => string) };
const built = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "function" ? [[`${prefix}${k}`, (v as (id: string) => string)("x1")]] : built(v, `${prefix}${k}.`),
  );
const patternOf = (name: string) =>
  name.split(".").reduce<unknown>((t, k) => (t as Record<string, unknown>)[k], routes);

describe("paths and the router", () => {
  it.each(built(paths as unknown as Tree))("%s → %s is the route it names, not one before it", (name, path) => {
    expect(firstMatch(path)).toBe(patternOf(name));
  });

  it("registers every pattern once", () => {
    expect(new Set(table).size).toBe(table.length);
  });

  it("has a route for every back-office section of src/domain/roles.ts", () => {
    for (const s of backOfficeSections) expect(table).toContain(s.path);
  });

  it("keeps query parameters in order and leaves empty ones out", () => {
    expect(paths.admin.invoices({ new: 1, contractId: "c 1", empty: "", none: undefined })).toBe(
      "/admin/invoices?new=1&contractId=c+1",
    );
    expect(paths.login({ role: "client", next: "/client" })).toBe("/login?role=client&next=%2Fclient");
    expect(paths.admin.editOrder("a/b")).toBe("/admin/orders/a%2Fb/edit");
  });

  it("sends the alternative links to the canonical routes", () => {
    expect(redirects.site("x1")).toBe("/admin/sites/x1");
    expect(redirects.adminPassword("")).toBe("/admin/profilo#password");
  });
});
