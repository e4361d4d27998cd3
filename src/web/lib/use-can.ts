import { can, type Capability } from "@domain/roles";
import { useMe } from "./session";

/**
 * What the logged-in user's role may use, from the one table in src/domain/roles.ts. The
 * screens ask it to show sections, buttons and money; the server enforces the same rules.
 */
export function useCan(): (capability: Capability) => boolean {
  const { data: me } = useMe();
  return (capability) => can(me?.role, capability);
}
