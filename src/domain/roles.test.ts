import { describe, expect, it } from "vitest";
import { backOfficeSections, can, capabilityOfPage, roleCapabilities, usesBackOffice } from "./roles";

describe("roles (docs/domain/roles.md)", () => {
  it("admin has everything; ufficio everything but users and settings; client nothing of the back office", () => {
    expect(roleCapabilities.admin).toContain("users");
    expect(can("ufficio", "settings")).toBe(false);
    expect(can("ufficio", "users")).toBe(false);
    expect(can("ufficio", "money")).toBe(true);
    expect(roleCapabilities.client).toEqual([]);
    expect(usesBackOffice("tecnico")).toBe(true);
    expect(usesBackOffice("client")).toBe(false);
  });

  it("tecnico: dashboard, clients and contacts read-only, surveys, sites with progress, orders read-only — no money", () => {
    const sections = backOfficeSections.filter((s) => can("tecnico", s.capability)).map((s) => s.key);
    expect(sections).toEqual(["dashboard", "today", "clients", "contacts", "surveys", "sites", "orders"]);
    for (const c of [
      "clients.write",
      "contacts.write",
      "sites.write",
      "orders.write",
      "money",
      "exports",
      "activity",
      "estimates",
      "invoices",
      "contracts",
      "outbox",
      "settings",
    ] as const) {
      expect(can("tecnico", c), c).toBe(false);
    }
    expect(can("tecnico", "sites.progress")).toBe(true);
    expect(can(null, "dashboard")).toBe(false);
  });

  it("maps each back-office page to the capability it needs", () => {
    expect(capabilityOfPage("/admin")).toBe("dashboard");
    expect(capabilityOfPage("/admin/import")).toBe("clients.write");
    expect(capabilityOfPage("/admin/invoices/:id")).toBe("invoices");
    expect(capabilityOfPage("/admin/orders/:id")).toBe("orders.read");
    expect(capabilityOfPage("/admin/orders/new")).toBe("orders.write");
    expect(capabilityOfPage("/admin/orders/:id/edit")).toBe("orders.write");
    expect(capabilityOfPage("/admin/settings")).toBe("settings");
    expect(capabilityOfPage("/admin/password")).toBeNull();
  });
});
