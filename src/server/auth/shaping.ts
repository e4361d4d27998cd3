import type { FastifyRequest } from "fastify";
import { can } from "@domain/roles";
import { z } from "@domain/zod";

/**
 * Whether the caller may see prices, totals, budgets, costs, contracts and invoices inside an
 * answer its role may otherwise read (docs/domain/roles.md). A technician's answers are
 * shaped by an explicit mapper (e.g. siteDetailForTecnico) and validated by their own schema,
 * never trimmed by the screens: see docs/decisions/009-roles.md.
 */
export function seesMoney(request: FastifyRequest): boolean {
  return can(request.user?.role, "money");
}

/**
 * The response schema of a route whose answer depends on the role: the full shape first, then
 * the technician's. The full shape is tried first so an office answer keeps every field; the
 * technician's answer lacks the money fields and so only passes the second.
 */
export function byRole<Full extends z.ZodType, Tecnico extends z.ZodType>(full: Full, tecnico: Tecnico) {
  return z.union([full, tecnico]);
}
