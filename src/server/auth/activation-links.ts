import { ACTIVATION_LINK_DAYS } from "@domain/portal";
import type { Config } from "../config";
import { hashPassword } from "./passwords";
import { newToken } from "./tokens";

// One-time links that let a person choose a password: portal accounts and staff invitations use
// the same columns (users.inviteTokenHash/inviteExpiresAt), the same single-use claim in
// /api/auth/activate and the same page.

/** What the administrator chose: a password now, or a link (mailed when asked). */
export interface NewSecret {
  password: string | null;
  sendEmail: boolean;
}

/** The password hash, or a fresh link token (only its hash is stored; the URL is shown once). */
export async function credentials(secret: NewSecret) {
  if (secret.password) return { passwordHash: await hashPassword(secret.password), token: null, expiresAt: null };
  const token = newToken();
  const expiresAt = new Date(Date.now() + ACTIVATION_LINK_DAYS * 86_400_000).toISOString();
  return { passwordHash: null, token, expiresAt };
}

/** The activation page serves every one-time link: it reads the role from the check. */
export const activationUrl = (config: Config, token: string | null) =>
  token ? `${config.publicUrl}/portal/activate?token=${encodeURIComponent(token)}` : null;
