import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./support";

/**
 * An accepted estimate through the API (the estimates screens are tested in estimates.spec):
 * accepting it also creates its contract. Returns the estimate id.
 */
export async function acceptedEstimate(page: Page, tag: string, title = `Rifacimento tetto ${tag}`) {
  const slug = tag.toLowerCase().replace(/[^a-z0-9]+/g, ".");
  const client = await page.request.post("/api/clients", {
    data: {
      name: `Condominio Girasole ${tag}`,
      type: "condominio",
      address: "Via dei Mille 8",
      email: `girasole.${slug}@example.it`,
      city: "Monza",
      province: "MB",
      zipCode: "20900",
      // A condominium's numeric codice fiscale: an issued invoice's FatturaPA needs it.
      fiscalCode: "46917440383",
    },
  });
  expect(client.status()).toBe(201);
  const estimate = await page.request.post("/api/estimates", {
    data: {
      clientId: (await client.json()).id,
      title,
      description: "Rimozione coppi, nuova impermeabilizzazione e posa di tegole portoghesi",
      items: [{ description: "Rifacimento manto di copertura", quantity: "200", unitPrice: "50", unit: "mq" }],
    },
  });
  expect(estimate.status()).toBe(201);
  const id = (await estimate.json()).id as string;
  const sent = await page.request.post(`/api/estimates/${id}/send`, { data: {} });
  expect(sent.ok()).toBe(true);
  // Acceptance carries the version seen (docs/domain/portal.md).
  const { version } = (await sent.json()) as { version: number };
  expect((await page.request.post(`/api/estimates/${id}/accept`, { data: { signedBy: "Anna Ferri", version } })).ok()).toBe(true);
  return id;
}

/**
 * The company's fiscal data, filled through the API when missing: issuing an invoice validates
 * its FatturaPA, which needs the seller's partita IVA, address and IBAN.
 */
export async function completeCompanyFiscalData(request: APIRequestContext) {
  const current = (await (await request.get("/api/settings")).json()) as Record<string, unknown>;
  const res = await request.put("/api/settings", {
    data: {
      ...current,
      vatNumber: current.vatNumber || "86419840789",
      address: current.address || "Via dell'Artigianato 4",
      city: current.city || "Monza",
      province: current.province || "MB",
      zipCode: current.zipCode || "20900",
      iban: current.iban || "IT60X0542811101000000123456",
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The contract created on acceptance. */
export async function contractOf(page: Page, estimateId: string) {
  const res = await page.request.get(`/api/contracts?estimateId=${estimateId}`);
  const [contract] = (await res.json()) as { id: string; number: string }[];
  return contract!;
}
