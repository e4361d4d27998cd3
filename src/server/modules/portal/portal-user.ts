import type { FastifyRequest } from "fastify";
import { requireUser } from "../../auth/guard";
import { forbidden } from "../../http/errors";

/** The portal's routes belong to a client user; the client always comes from the session. */
export function portalUser(request: FastifyRequest) {
  const user = requireUser(request);
  if (user.role !== "client" || !user.clientId) throw forbidden("Area riservata ai clienti");
  return { userId: user.id, clientId: user.clientId };
}
