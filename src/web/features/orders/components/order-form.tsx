import { todayIso } from "@domain/dates";
import { orderInputSchema, type OrderDetail, type OrderInput, type OrderValues } from "@domain/orders";
import { Form, FormActions, FormRootError, FormSection, SubmitButton, TextareaField, TextField, useZodForm, CancelButton } from "@web/components/form";
import { emptyLine, OrderLinesEditor } from "./order-lines-editor";
import { SitePicker, SupplierPicker } from "./party-pickers";

function toInput(order: OrderDetail): OrderInput {
  return {
    supplierId: order.supplierId,
    constructionSiteId: order.constructionSiteId ?? "",
    title: order.title,
    description: order.description ?? "",
    orderDate: order.orderDate,
    expectedDeliveryDate: order.expectedDeliveryDate ?? "",
    notes: order.notes ?? "",
    items: order.items.map((i) => ({ description: i.description, quantity: i.quantity, unit: i.unit, unitPrice: i.unitPrice, notes: i.notes ?? "" })),
  };
}

/** Order header and lines in one form, validated by the schema the API uses; number and totals come from the server. */
export function OrderForm({
  order,
  supplierId,
  onSubmit,
  onCancel,
}: {
  order?: OrderDetail;
  /** Prefilled supplier ("Nuovo Ordine" from a supplier's page). */
  supplierId?: string;
  onSubmit: (values: OrderValues) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useZodForm(
    orderInputSchema,
    order
      ? toInput(order)
      : {
          supplierId: supplierId ?? "",
          constructionSiteId: "",
          title: "",
          description: "",
          orderDate: todayIso(),
          expectedDeliveryDate: "",
          notes: "",
          items: [{ ...emptyLine }],
        },
  );
  return (
    <Form schema={orderInputSchema} form={form} onSubmit={onSubmit} aria-label="Dati dell'ordine">
      <FormSection title="Fornitore e cantiere">
        <SupplierPicker initialName={order?.supplierName} />
        <SitePicker initialName={order?.constructionSiteName} />
      </FormSection>
      <FormSection title="Dettagli">
        <TextField name="title" label="Titolo" required className="sm:col-span-2" />
        <TextareaField name="description" label="Descrizione" rows={3} className="sm:col-span-2" />
        <TextField name="orderDate" label="Data ordine" type="date" required />
        <TextField name="expectedDeliveryDate" label="Consegna prevista" type="date" />
      </FormSection>
      <OrderLinesEditor />
      <TextareaField name="notes" label="Note" rows={3} />
      <FormRootError />
      <FormActions>
        <CancelButton onClick={onCancel} />
        <SubmitButton label={order ? "Salva modifiche" : "Crea ordine"} />
      </FormActions>
    </Form>
  );
}
