import type { FastifyRequest } from "fastify";
import type { UserRole } from "@domain/statuses";
import { requireUser } from "./guard";

/**
 * Who acts, as services see it: read once from the session by the route (`actorOf(request)`),
 * so no service, query or helper under src/server/modules sees Fastify. The user name is kept
 * because the activity log and the signed notes name the author. What else a service needs from
 * the request (the client's address for a portal acceptance or a throttle) is passed explicitly.
 */
export interface Actor {
  userId: string;
  username: string;
  role: UserRole;
  clientId: string | null;
}

export function actorFromUser(user: { id: string; username: string; role: UserRole; clientId: string | null }): Actor {
  return { userId: user.id, username: user.username, role: user.role, clientId: user.clientId };
}

/** The logged-in caller; 401 without a session (every non-public route has one). */
export function actorOf(request: FastifyRequest): Actor {
  return actorFromUser(requireUser(request));
}

/** The caller of a public route: whoever is logged in, or null (the activity log says "sistema"). */
export function optionalActorOf(request: FastifyRequest): Actor | null {
  return request.user ? actorFromUser(request.user) : null;
}
