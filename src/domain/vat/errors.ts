// A VAT input that the rules refuse. `field` names the offending input ("lines[2].natura",
// "treatment") so the server can answer 400 with { errors: { [field]: message } } and the editor
// can mark the field; `message` is the Italian sentence shown to the user.

export type VatErrorCode =
  | "invalid_client_type"
  | "invalid_regime"
  | "invalid_treatment"
  | "invalid_quantity"
  | "invalid_unit_price"
  | "invalid_rate"
  | "invalid_natura"
  | "natura_required"
  | "natura_not_allowed"
  | "reverse_charge_needs_partita_iva"
  | "reverse_charge_forfettario"
  | "split_payment_not_allowed"
  | "significant_good_negative";

export class VatError extends Error {
  override readonly name = "VatError";
  constructor(
    readonly code: VatErrorCode,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export const isVatError = (value: unknown): value is VatError => value instanceof VatError;
