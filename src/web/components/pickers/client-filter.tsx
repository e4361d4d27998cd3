import { clientOption, clientOptionsKey, searchClientOptions } from "./client-picker";
import { SearchFilter } from "./search-filter";

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
  return (
    <SearchFilter
      label="Filtra per cliente"
      placeholder="Tutti i clienti"
      value={value}
      onChange={onChange}
      className={className}
      queryKey={clientOptionsKey}
      search={searchClientOptions}
      resolve={clientOption}
    />
  );
}
