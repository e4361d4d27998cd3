// The VAT engine for building work (docs/domain/vat.md). See docs/domain/vat.md for the rules.
export { computeVat, suggestedVatRate, REVERSE_CHARGE_NEEDS_PARTITA_IVA } from "./engine";
export { VatError, isVatError, type VatErrorCode } from "./errors";
export * from "./types";
export * from "./rules";
export * from "./wording";
export * from "./schema";
export * from "./document";
