import { addDays, isValidIsoDate } from "@domain/dates";

// The periods the "Registro IVA" dialog offers (calendar months and quarters, Europe/Rome dates).

export type Period = { from: string; to: string };

/** The previous calendar month: the period an accountant asks for most often. */
export function previousMonth(today: string): Period {
  const firstOfThis = `${today.slice(0, 7)}-01`;
  const to = addDays(firstOfThis, -1);
  return { from: `${to.slice(0, 7)}-01`, to };
}

/** The calendar quarter that contains `day`. */
export function quarterOf(day: string): Period {
  const year = day.slice(0, 4);
  const q = Math.floor((Number(day.slice(5, 7)) - 1) / 3);
  const startMonth = String(q * 3 + 1).padStart(2, "0");
  const nextStart = q === 3 ? `${Number(year) + 1}-01-01` : `${year}-${String(q * 3 + 4).padStart(2, "0")}-01`;
  return { from: `${year}-${startMonth}-01`, to: addDays(nextStart, -1) };
}

/** The message for a period the server would refuse, or null when it can be downloaded. */
export function periodProblem({ from, to }: Period): string | null {
  if (!isValidIsoDate(from)) return "Dal: inserisci una data valida";
  if (!isValidIsoDate(to)) return "Al: inserisci una data valida";
  if (from > to) return "Al: non può precedere la data iniziale";
  return null;
}
