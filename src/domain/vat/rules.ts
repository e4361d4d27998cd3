import type { Natura } from "./types";

// The numbers and code sets of the Italian rules, each with the law that fixes it.

/**
 * Line formats (docs/domain/vat.md): quantity up to 3 decimals and never negative (FatturaPA Quantita has
 * no sign), unit price up to 4 decimals, negative for a deduction line (PrezzoUnitario allows it).
 */
export const LINE_QUANTITY_RE = /^\d{1,9}(?:\.\d{1,3})?$/;
export const LINE_UNIT_PRICE_RE = /^-?\d{1,11}(?:\.\d{1,4})?$/;

/**
 * Imposta di bollo: 2.00 € on an invoice for more than 77.47 € (art. 13 c. 1 Tariffa parte I
 * allegata al DPR 642/72), except invoices of operations subject to VAT
 * (art. 6 Tabella allegato B DPR 642/72). "More than" is strict: 77.47 € exactly is exempt.
 * On electronic invoices it is paid virtually (DM 17/06/2014 art. 6).
 */
export const BOLLO_THRESHOLD = "77.47";
export const BOLLO_AMOUNT = "2.00";

/**
 * Naturas of operations NOT subject to VAT in the sense of the bollo exemption: N1 (escluse
 * art. 15), N2.x (non soggette, incl. forfettario), N3.x (non imponibili), N4 (esenti). Reverse
 * charge (N6.x) is subject to VAT, only paid by the buyer, so it never carries the bollo
 * (docs/domain/vat.md); N5 (margine) and N7 (VAT paid in another EU state) are subject to VAT as well.
 */
export function naturaTriggersBollo(natura: Natura | null): boolean {
  return natura !== null && /^N[1-4](\.|$)/.test(natura);
}

export function isReverseChargeNatura(natura: Natura | null): boolean {
  return natura !== null && natura.startsWith("N6");
}

/** Ritenuta d'acconto 4 % by a condominio on works contracts (art. 25-ter DPR 600/73). */
export const CONDOMINIO_RITENUTA_RATE = "4.00";

/**
 * Reduced 10 % rate for maintenance and renovation of homes (art. 7 c. 1 lett. b L. 488/1999,
 * made permanent by art. 2 c. 11 L. 191/2009); the beni-significativi cap applies to it only.
 */
export const RENOVATION_RATE = "10.00";
/** Ordinary rate (art. 16 DPR 633/72): the excess of significant goods over the cap. */
export const ORDINARY_RATE = "22.00";

/** Forfettario (RF19, L. 190/2014 c. 54-89): no VAT is charged (c. 58), natura N2.2. */
export const FORFETTARIO_REGIME = "RF19";
export const FORFETTARIO_NATURA: Natura = "N2.2";

/**
 * RiferimentoNormativo of a summary with a natura (FatturaPA 2.2.2.8: Latin-1, ≤ 100 chars, so
 * plain ASCII here: no en dash). The natura alone says the category; this names the article.
 */
export const NATURA_REFERENCES: Record<Natura, string> = {
  N1: "Escluse art. 15 DPR 633/72",
  "N2.1": "Non soggette artt. da 7 a 7-septies DPR 633/72",
  "N2.2": "Non soggette - altri casi",
  "N3.1": "Non imponibili - esportazioni art. 8 DPR 633/72",
  "N3.2": "Non imponibili - cessioni intracomunitarie art. 41 DL 331/93",
  "N3.3": "Non imponibili - cessioni verso San Marino art. 71 DPR 633/72",
  "N3.4": "Non imponibili - operazioni assimilate art. 8-bis DPR 633/72",
  "N3.5": "Non imponibili - dichiarazione d'intento art. 8 c. 1 lett. c) DPR 633/72",
  "N3.6": "Non imponibili - altre operazioni",
  N4: "Esenti art. 10 DPR 633/72",
  N5: "Regime del margine art. 36 DL 41/95",
  "N6.1": "Inversione contabile art. 74 c. 7-8 DPR 633/72",
  "N6.2": "Inversione contabile art. 17 c. 5 DPR 633/72",
  "N6.3": "Inversione contabile art. 17 c. 6 lett. a) DPR 633/72",
  "N6.4": "Inversione contabile art. 17 c. 6 lett. a-bis) DPR 633/72",
  "N6.5": "Inversione contabile art. 17 c. 6 lett. b) DPR 633/72",
  "N6.6": "Inversione contabile art. 17 c. 6 lett. c) DPR 633/72",
  "N6.7": "Inversione contabile art. 17 c. 6 lett. a-ter) DPR 633/72",
  "N6.8": "Inversione contabile art. 17 c. 6 lett. d-bis/d-ter/d-quater) DPR 633/72",
  "N6.9": "Inversione contabile - altri casi",
  N7: "IVA assolta in altro stato UE art. 7-octies DPR 633/72",
};

/** The forfettario summary cites its own law rather than the generic N2.2 wording (NOTES.md). */
export const FORFETTARIO_REFERENCE = "art. 1 c. 54-89 L. 190/2014";
