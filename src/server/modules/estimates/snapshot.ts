import type { DocumentTreatment, VatView } from "@domain/vat";

/**
 * The accepted version, frozen in estimates.accepted_snapshot: what the client accepted, as it
 * was at that moment (lines, order, totals, VAT). The PDF of an accepted estimate prints it.
 */
export interface AcceptedSnapshot {
  number: string;
  title: string;
  description: string;
  clientId: string;
  clientName: string;
  validityDays: number;
  expiresAt: string;
  /** First round's one treatment per document (snapshots taken before issue 24). */
  vatTreatment?: string;
  treatment?: DocumentTreatment;
  /** The VAT engine's result as the client accepted it (absent in snapshots before issue 24). */
  vat?: VatView;
  items: {
    serviceId: string | null;
    description: string;
    quantity: string;
    unit: string;
    unitPrice: string;
    totalPrice: string;
    notes: string | null;
    vatRate?: string;
    natura?: string | null;
    significantGood?: boolean;
  }[];
  order: { number: string; title: string; totalAmount: string } | null;
  totals: { totalAmount: string; materialsCost: string; laborCost: string; vatAmount: string; grossTotal: string };
  acceptedAt: string;
  acceptedBy: string;
  acceptedIp: string | null;
  /** "portale": the client accepted online; "amministrazione": recorded by the company on their behalf. */
  channel: "portale" | "amministrazione";
}

export function isAcceptedSnapshot(value: unknown): value is AcceptedSnapshot {
  return (
    !!value &&
    typeof value === "object" &&
    Array.isArray((value as AcceptedSnapshot).items) &&
    typeof (value as AcceptedSnapshot).totals === "object"
  );
}
