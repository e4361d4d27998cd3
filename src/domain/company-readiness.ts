/**
 * What the company record still lacks before an invoice can be issued (its FatturaPA needs the
 * seller's partita IVA, full address and IBAN). The admin is sent to Impostazioni; the office,
 * who cannot open it, is told what is missing and whom to ask. Issuing answers the same words.
 */
export type CompanyForInvoicing = {
  companyName: string | null;
  vatNumber: string | null;
  address: string | null;
  zipCode: string | null;
  city: string | null;
  province: string | null;
  iban: string | null;
};

const REQUIRED: [keyof CompanyForInvoicing, string][] = [
  ["companyName", "ragione sociale"],
  ["vatNumber", "partita IVA"],
  ["address", "indirizzo"],
  ["zipCode", "CAP"],
  ["city", "comune"],
  ["province", "provincia"],
  ["iban", "IBAN"],
];

/** The Italian names of the missing fields, in the order of the settings form. */
export function companyInvoicingGaps(c: CompanyForInvoicing): string[] {
  return REQUIRED.filter(([key]) => !c[key]?.trim()).map(([, label]) => label);
}

export const COMPLETE_COMPANY_DATA = "Completa i dati aziendali";

/**
 * The sentence each reader gets, naming what is missing and the way forward: the admin's banner,
 * the office's notice, and the 409 of an invoice issued before the data is there.
 */
export function companyGapsMessage(gaps: readonly string[], audience: "admin" | "office" | "issue"): string {
  const list = gaps.join(", ");
  if (audience === "admin")
    return `Per emettere fatture mancano i dati aziendali: ${list}. Completali in Impostazioni → Dati aziendali.`;
  if (audience === "office")
    return `Per emettere fatture mancano i dati aziendali: ${list}. Chiedi a un amministratore di completarli in Impostazioni.`;
  return `Impossibile emettere la fattura: mancano i dati aziendali (${list}). Un amministratore li completa in Impostazioni → Dati aziendali.`;
}
