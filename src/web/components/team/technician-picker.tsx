import { useFormContext, useWatch } from "react-hook-form";
import { userRoles } from "@domain/statuses";
import { SelectField } from "@web/components/form";
import { useTeam } from "@web/lib/team";

/**
 * The assigned technician in survey and site forms: the firm's active people, technicians
 * first. Someone assigned earlier and since disabled stays listed so an edit keeps them.
 */
export function TechnicianPicker({
  name = "assignedUserId",
  current,
}: {
  name?: string;
  current?: { id: string; name: string } | null;
}) {
  const { control } = useFormContext();
  const selected = useWatch({ control, name }) as string | null | undefined;
  const { data } = useTeam();
  const people = [...(data ?? [])].sort((a, b) => Number(b.role === "tecnico") - Number(a.role === "tecnico"));
  const options = people.map((p) => ({
    value: p.id,
    label: p.role === "tecnico" || !p.role ? p.name : `${p.name} (${userRoles.label(p.role)})`,
  }));
  if (selected && !options.some((o) => o.value === selected)) {
    options.unshift({ value: selected, label: current?.id === selected ? current.name : "Tecnico attuale" });
  }
  return <SelectField name={name} label="Tecnico assegnato" placeholder="Nessuno" options={options} />;
}
