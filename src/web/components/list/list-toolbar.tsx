import { useState, type ReactNode } from "react";
import { SearchInput } from "@web/components/ui/search-input";
import { Select } from "@web/components/ui/select";
import { cn } from "@web/lib/cn";

export type ListToolbarProps = {
  searchLabel: string;
  searchPlaceholder: string;
  /** The search text in the URL. */
  query: string;
  /** Called once typing pauses. */
  onSearch: (value: string) => void;
  /** Filters and other controls placed after the search box. */
  children?: ReactNode;
  className?: string;
};

/** Search box followed by the list's filters; stacks on phones. */
export function ListToolbar({
  searchLabel,
  searchPlaceholder,
  query,
  onSearch,
  children,
  className,
}: ListToolbarProps) {
  // The box shows what is typed at once; the URL follows after the debounce.
  const [search, setSearch] = useState(query);
  const box = (
    <SearchInput
      label={searchLabel}
      placeholder={searchPlaceholder}
      value={search}
      onValueChange={setSearch}
      onDebouncedChange={onSearch}
      // In a row of filters the box takes the room they leave, from 14rem up to 24rem: left at its own
      // width it cut the placeholders short ("Cerca per indirizzo o de…").
      className={children ? "sm:max-w-sm sm:min-w-56 sm:flex-1" : cn("mb-4 sm:max-w-sm", className)}
    />
  );
  // Alone, the box keeps its full width (up to 24rem) instead of shrinking in a row.
  if (!children) return box;
  return (
    <div className={cn("mb-4 flex flex-col gap-2 sm:flex-row", className)}>
      {box}
      {children}
    </div>
  );
}

export type FilterOption = { value: string; label: string };

export type FilterSelectProps = {
  /** Accessible name, e.g. "Filtra per stato". */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly FilterOption[];
  /** The first, empty option ("Tutti gli stati"); omit when an option already has the empty value. */
  allLabel?: string;
  className?: string;
};

export function FilterSelect({ label, value, onValueChange, options, allLabel, className }: FilterSelectProps) {
  return (
    <Select aria-label={label} value={value} onChange={(e) => onValueChange(e.target.value)} className={className}>
      {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}
