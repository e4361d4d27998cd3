import { useId } from "react";
import { cn } from "@web/lib/cn";
import { AsyncCombobox, type ComboboxOption } from "./async-combobox";

/**
 * A list's filter on a record of another table (a client, a supplier, a site): a server search as
 * the user types, so it reaches any record however many there are, and nothing downloads a table.
 */
export function SearchFilter<T>({
  label,
  placeholder,
  value,
  onChange,
  queryKey,
  search,
  resolve,
  className,
}: {
  /** What a screen reader announces ("Filtra per cliente"). */
  label: string;
  /** Shown when nothing is chosen ("Tutti i clienti"). */
  placeholder: string;
  value: string;
  onChange: (id: string) => void;
  queryKey: readonly unknown[];
  search: (q: string) => Promise<ComboboxOption<T>[]>;
  resolve: (id: string) => Promise<ComboboxOption<T>>;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("sm:w-64", className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <AsyncCombobox
        id={id}
        value={value}
        onChange={onChange}
        clearable
        placeholder={placeholder}
        queryKey={queryKey}
        search={search}
        resolve={resolve}
      />
    </div>
  );
}
