import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Invoice, InvoiceAction, InvoiceCreateValues, InvoiceUpdateValues } from "@domain/invoices";
import { activityKeys } from "@web/components/timeline";
import { api } from "@web/lib/api";
import { invoiceKeys } from "./keys";

function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: invoiceKeys.all });
    // Contract pages show the invoiced and paid totals.
    void qc.invalidateQueries({ queryKey: ["contracts"] });
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
