import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Invoice, InvoiceAction, InvoiceCreateValues, InvoiceUpdateValues } from "@domain/invoices";
import { activityKeys } from "@web/components/timeline";
import { api } from "@web/lib/api";
import { invoiceKeys } from "./keys";
import { invalidateContracts, invalidateOutbox, invalidateReceivables } from "@web/lib/query-keys";

function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: invoiceKeys.all });
    // Contract pages show the invoiced and paid totals.
    void invalidateContracts(qc);
    void qc.invalidateQueries({ queryKey: activityKeys.all });
  };
}

export function useCreateInvoice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (values: InvoiceCreateValues) => api.post<Invoice>("/api/invoices", values),
    onSuccess: invalidate,
  });
}

export function useInvoiceTransition() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action, paidDate }: { id: string; action: InvoiceAction; paidDate?: string }) =>
      api.post<Invoice>(`/api/invoices/${id}/${action}`, action === "pay" ? { paidDate } : {}),
    onSuccess: invalidate,
  });
}

/**
 * The invoice's money actions (docs/domain/invoices.md): payments, e-mail, reminder, SdI outcome, re-issue,
 * credit note. Each is POST /api/invoices/{id}/{path}; the page refreshes invoice, lists, timeline.
 */
export function useInvoiceAction<T = unknown>(
  path: "payments" | "email" | "reminder" | "sdi-outcome" | "reissue" | "credit-note",
) {
  const invalidate = useInvalidate();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body?: object }) => api.post<T>(`/api/invoices/${id}/${path}`, body ?? {}),
    onSuccess: () => {
      invalidate();
      void invalidateReceivables(qc);
      void invalidateOutbox(qc);
    },
  });
}

export function useDeletePayment() {
  const invalidate = useInvalidate();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paymentId }: { id: string; paymentId: string }) =>
      api.delete(`/api/invoices/${id}/payments/${paymentId}`),
    onSuccess: () => {
      invalidate();
      void invalidateReceivables(qc);
    },
  });
}

export function useDeleteInvoice() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.delete(`/api/invoices/${id}`), onSuccess: invalidate });
}

/** A draft's dates, notes and amount, with the version it was read at. */
export function useUpdateInvoice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: InvoiceUpdateValues }) =>
      api.put<Invoice>(`/api/invoices/${id}`, values),
    onSuccess: invalidate,
  });
}
