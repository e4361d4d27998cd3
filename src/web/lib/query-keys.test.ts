import { describe, expect, it } from "vitest";
import { activityKeys } from "@web/components/timeline";
import { attachmentKeys } from "@web/components/attachments/api";
import { complianceKeys } from "@web/components/compliance/api";
import * as shared from "./query-keys";

// Every key factory of the app: each feature's api/keys.ts, the shared components' and lib's.
const featureKeys = import.meta.glob<Record<string, unknown>>("../features/*/api/keys.ts", { eager: true });
const factories = new Map<object, string>();
for (const [file, mod] of Object.entries(featureKeys))
  for (const [name, v] of Object.entries(mod)) if (v && typeof v === "object") factories.set(v, `${file}#${name}`);
for (const [name, v] of Object.entries({ ...shared, activityKeys, attachmentKeys, complianceKeys }))
  if (name.endsWith("Keys") && !factories.has(v as object)) factories.set(v as object, `lib#${name}`);

/** The roots a factory's keys start from, calling each builder with sample arguments. */
function rootsOf(factory: object) {
  const roots = new Set<unknown>();
  for (const v of Object.values(factory)) {
    const key = typeof v === "function" ? (v as (...a: unknown[]) => unknown[])("x", "y") : v;
    if (Array.isArray(key)) roots.add(key[0]);
  }
  return roots;
}

describe("query keys", () => {
  it("has distinct roots", () => {
    const roots = Object.values(shared.queryRoots);
    expect(new Set(roots).size).toBe(roots.length);
  });

  it("finds the factories", () => {
    expect(factories.size).toBeGreaterThanOrEqual(Object.keys(shared.queryRoots).length - 1);
  });

  it("starts every factory from one registered root, and no two factories share a root", () => {
    const owner = new Map<unknown, string>();
    for (const [factory, name] of factories) {
      const roots = rootsOf(factory);
      // pickerKeys extends the key its caller gives: it owns no root.
      if (name === "lib#pickerKeys") continue;
      expect([...roots], name).toHaveLength(1);
      const [r] = roots;
      expect(Object.values(shared.queryRoots), name).toContain(r);
      expect(owner.get(r), `${name} and ${owner.get(r)} share the root ${String(r)}`).toBeUndefined();
      owner.set(r, name);
    }
    // Every registered root has its factory.
    expect([...owner.keys()].sort()).toEqual(Object.values(shared.queryRoots).sort());
  });

  it("keeps the keys other features refresh under their owner's root", () => {
    expect(shared.clientKeys.options()).toEqual(["clients", "list", "picker"]);
    expect(shared.supplierKeys.options()).toEqual(["suppliers", "list", "picker"]);
    expect(shared.companyKeys.public()).toEqual(["company", "public"]);
  });
});
