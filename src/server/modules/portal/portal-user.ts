import type { Actor } from "../../auth/actor";
import { forbidden } from "../../http/errors";

/** The portal's routes belong to a client user; the client always comes from the session. */
export function portalUser(actor: Actor) {
  if (actor.role !== "client" || !actor.clientId) throw forbidden("Area riservata ai clienti");
  return { userId: actor.userId, clientId: actor.clientId };
}
