import { useId } from "react";
import { cn } from "@web/lib/cn";
import { AsyncCombobox } from "./async-combobox";
import { clientOption, clientOptionsKey, searchClientOptions } from "./client-picker";

/** A list's client filter: a server search, so it reaches any client however many there are. */
export function ClientFilter({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: (clientId: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("sm:w-64", className)}>
      <label htmlFor={id} className="sr-only">
        Filtra per cliente
      </label>
      <AsyncCombobox
        id={id}
        value={value}
        onChange={onChange}
        clearable
        placeholder="Tutti i clienti"
        queryKey={clientOptionsKey}
        search={searchClientOptions}
        resolve={clientOption}
      />
    </div>
  );
}
