import { supplierStatuses } from "@domain/statuses";
import { supplierInputSchema, type Supplier, type SupplierInput, type SupplierValues } from "@domain/suppliers";
import {
  CheckboxField,
  Form,
  FormActions,
  FormRootError,
  FormSection,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  CancelButton,
} from "@web/components/form";

const empty: SupplierInput = {
  name: "",
  vatNumber: "",
  address: "",
  city: "",
  province: "",
  zipCode: "",
  phone: "",
  email: "",
  website: "",
  contactPerson: "",
  notes: "",
  isSubcontractor: false,
  status: "attivo",
};

function toInput(s: Supplier): SupplierInput {
  return {
    name: s.name,
    vatNumber: s.vatNumber ?? "",
    address: s.address ?? "",
    city: s.city,
    province: s.province ?? "",
    zipCode: s.zipCode ?? "",
    phone: s.phone ?? "",
    email: s.email ?? "",
    website: s.website ?? "",
    contactPerson: s.contactPerson ?? "",
    notes: s.notes ?? "",
    isSubcontractor: s.isSubcontractor,
    status: s.status,
  };
}

/** Every supplier field of docs/domain/screens.md, validated by the same schema as the API. */
export function SupplierForm({
  supplier,
  onSubmit,
  onCancel,
}: {
  supplier?: Supplier;
  onSubmit: (values: SupplierValues) => Promise<void>;
  onCancel: () => void;
}) {
  return (
    <Form
      schema={supplierInputSchema}
      defaultValues={supplier ? toInput(supplier) : empty}
      onSubmit={onSubmit}
      aria-label="Dati del fornitore"
    >
      <FormSection title="Anagrafica">
        <TextField name="name" label="Ragione sociale" required autoComplete="organization" className="sm:col-span-2" />
        <TextField
          name="vatNumber"
          label="Partita IVA"
          inputMode="numeric"
          description="11 cifre, con cifra di controllo"
        />
        <SelectField name="status" label="Stato" required options={supplierStatuses.options} />
        <CheckboxField
          name="isSubcontractor"
          label="Subappaltatore (lavora nei cantieri)"
          description="I cantieri dei suoi ordini richiedono il suo DURC e l'idoneità, oltre a PSC e notifica preliminare"
          className="sm:col-span-2"
        />
      </FormSection>
      <FormSection title="Sede">
        <TextField name="address" label="Indirizzo" autoComplete="street-address" className="sm:col-span-2" />
        <TextField name="city" label="Città" required autoComplete="address-level2" />
        <div className="grid grid-cols-2 gap-4">
          <TextField name="province" label="Provincia" maxLength={2} placeholder="MI" />
          <TextField name="zipCode" label="CAP" inputMode="numeric" maxLength={5} autoComplete="postal-code" />
        </div>
      </FormSection>
      <FormSection title="Contatti">
        <TextField name="contactPerson" label="Referente" autoComplete="name" />
        <TextField name="phone" label="Telefono" type="tel" autoComplete="tel" />
        <TextField
          name="email"
          label="E-mail"
          type="email"
          autoComplete="email"
          description="Gli ordini inviati arrivano a questo indirizzo"
        />
        <TextField name="website" label="Sito web" placeholder="www.fornitore.it" autoComplete="url" />
      </FormSection>
      <TextareaField name="notes" label="Note" rows={3} />
      <FormRootError />
      <FormActions>
        <CancelButton onClick={onCancel} />
        <SubmitButton label={supplier ? "Salva modifiche" : "Crea fornitore"} />
      </FormActions>
    </Form>
  );
}
