import { useEffect, useId, useRef, useState, type ComponentProps } from "react";
import { Search } from "lucide-react";
import { cn } from "@web/lib/cn";
import { Input } from "./input";

export type SearchInputProps = Omit<ComponentProps<"input">, "type" | "value" | "defaultValue" | "onChange"> & {
  /** Etichetta per i lettori di schermo (es. "Cerca clienti"). */
  label: string;
  /** Valore controllato; se omesso il campo gestisce da sé lo stato. */
  value?: string;
  /** Chiamata a ogni tasto. */
  onValueChange?: (value: string) => void;
  /**
   * Chiamata dopo `delay` ms senza digitazione (predefinito 150: dall'ultimo tasto alle righe
   * filtrate il budget è 300 ms, pausa, richiesta e disegno compresi; vedi docs/benchmarks.md).
   */
  onDebouncedChange?: (value: string) => void;
  delay?: number;
  /** Mostra l'etichetta a schermo invece di nasconderla. */
  showLabel?: boolean;
};

export function SearchInput({
  label,
  value,
  onValueChange,
  onDebouncedChange,
  delay = 150,
  showLabel = false,
  placeholder = "Cerca...",
  className,
  id,
  ...props
}: SearchInputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const [text, setText] = useState(value ?? "");
  const [lastValue, setLastValue] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const callback = useRef(onDebouncedChange);

  // Se il valore controllato cambia dall'esterno (es. "Azzera filtri") lo seguiamo.
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== undefined) setText(value);
  }

  useEffect(() => {
    callback.current = onDebouncedChange;
  }, [onDebouncedChange]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function handleChange(next: string) {
    setText(next);
    onValueChange?.(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => callback.current?.(next), delay);
  }

  return (
    <div className={cn("grid gap-1.5", className)}>
      <label htmlFor={inputId} className={showLabel ? "text-sm font-medium" : "sr-only"}>
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={inputId}
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={placeholder}
          value={text}
          onChange={(event) => handleChange(event.target.value)}
          className="ps-9"
          {...props}
        />
      </div>
    </div>
  );
}
