import { optionalFormat, optionalText } from "./common";
import { userRoles } from "./statuses";
import { emailSchema } from "./validators";
import { z } from "./zod";

// "Il mio profilo" (issue 19): every user's own account — name and e-mail (staff), password,
// open sessions, and two-factor sign-in with an authenticator app (staff). The login's second
// step lives here too, since the same code formats are typed in both places.

/** The server's code when an admin must enrol two-factor before anything else (403). */
export const TWO_FACTOR_SETUP_REQUIRED = "two_factor_setup_required";
export const TWO_FACTOR_SETUP_MESSAGE = "Attiva la verifica in due passaggi per continuare";

/** Where the profile page shows each part: the top bar and the redirects link to these anchors. */
export const profileSections = {
  password: "password",
  twoFactor: "verifica-due-passaggi",
  sessions: "dispositivi",
} as const;

export const RECOVERY_CODE_COUNT = 10;

export const profileSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(userRoles.values),
  /** Staff only: clients have no authenticator sign-in. */
  twoFactorAvailable: z.boolean(),
  twoFactorEnabledAt: z.string().nullable(),
  /** Admins while the company requires two-factor and this user has not enrolled yet. */
  twoFactorSetupRequired: z.boolean(),
  /** Whether the company requires it of admins (the profile says so, and disabling is refused). */
  twoFactorRequiredForRole: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type Profile = z.infer<typeof profileSchema>;

/** `PUT /api/profile`: what a staff user may change of their own account. */
export const profileUpdateSchema = z.object({
  name: optionalText("Nome e cognome", 120),
  email: optionalFormat(emailSchema),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export const sessionInfoSchema = z.object({
  /** An opaque id for this list (never the cookie, nor what the database keys it by). */
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  /** "Chrome su Windows": the browser and system in words. */
  device: z.string(),
  kind: z.enum(["computer", "telefono", "tablet", "sconosciuto"]),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** Six digits; spaces typed or pasted from the app ("123 456") are dropped. */
export const totpCodeSchema = z
  .string({ error: "Codice: campo obbligatorio" })
  .transform((s) => s.replace(/[\s-]/g, ""))
  .pipe(
    z
      .string()
      .min(1, "Codice: campo obbligatorio")
      .regex(/^\d{6}$/, "Codice: inserisci le 6 cifre mostrate dall'app"),
  );

/** Recovery codes are shown as "abcde-fghij"; case, spaces and dashes do not matter when typed. */
export const recoveryCodeSchema = z
  .string({ error: "Codice di recupero: campo obbligatorio" })
  .transform((s) => s.toLowerCase().replace(/[\s-]/g, ""))
  .pipe(
    z
      .string()
      .min(1, "Codice di recupero: campo obbligatorio")
      .regex(/^[a-z0-9]{10}$/, "Codice di recupero: 10 lettere o cifre, come nell'elenco salvato"),
  );

const challengeSchema = z
  .string({ error: "Accesso scaduto: inserisci di nuovo nome utente e password" })
  .min(20, "Accesso scaduto: inserisci di nuovo nome utente e password")
  .max(200, "Accesso scaduto: inserisci di nuovo nome utente e password");

/** `POST /api/auth/login/totp`: the challenge of the first step and a code, or a recovery code. */
export const loginTotpSchema = z
  .object({
    challenge: challengeSchema,
    code: z.string().max(20, "Codice: inserisci le 6 cifre mostrate dall'app").optional(),
    recoveryCode: z.string().max(40, "Codice di recupero: 10 lettere o cifre, come nell'elenco salvato").optional(),
  })
  .transform((v, ctx): { challenge: string; code: string } | { challenge: string; recoveryCode: string } => {
    if (v.recoveryCode !== undefined && !v.code) {
      const parsed = recoveryCodeSchema.safeParse(v.recoveryCode);
      if (parsed.success) return { challenge: v.challenge, recoveryCode: parsed.data };
      ctx.addIssue({ code: "custom", path: ["recoveryCode"], message: parsed.error.issues[0]!.message });
      return z.NEVER;
    }
    const parsed = totpCodeSchema.safeParse(v.code ?? "");
    if (parsed.success) return { challenge: v.challenge, code: parsed.data };
    ctx.addIssue({ code: "custom", path: ["code"], message: parsed.error.issues[0]!.message });
    return z.NEVER;
  });
export type LoginTotpInput = z.input<typeof loginTotpSchema>;

/** The first step's answer for a user with two-factor on: no session yet, a challenge instead. */
export const loginChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  /** How long the challenge lives, so the page can say "entro 5 minuti". */
  expiresInSeconds: z.number().int(),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

export const passwordConfirmSchema = z.object({
  password: z
    .string({ error: "Password: campo obbligatorio" })
    .min(1, "Password: campo obbligatorio")
    .max(200, "Password: massimo 200 caratteri"),
});

export const totpSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** An SVG QR code of the otpauth URI, as a data: URL for an <img>. */
  qrCode: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const totpCodeBodySchema = z.object({ code: totpCodeSchema });

/**
 * Disabling asks for a current code or a recovery code (issue 26): the password alone is what a
 * thief of the password has, and two-factor exists for exactly that case.
 */
export const totpDisableSchema = z
  .object({
    code: z.string().max(20, "Codice: inserisci le 6 cifre mostrate dall'app").optional(),
    recoveryCode: z.string().max(40, "Codice di recupero: 10 lettere o cifre, come nell'elenco salvato").optional(),
  })
  .transform((v, ctx): { code: string } | { recoveryCode: string } => {
    if (v.recoveryCode && !v.code) {
      const parsed = recoveryCodeSchema.safeParse(v.recoveryCode);
      if (parsed.success) return { recoveryCode: parsed.data };
      ctx.addIssue({ code: "custom", path: ["recoveryCode"], message: parsed.error.issues[0]!.message });
      return z.NEVER;
    }
    const parsed = totpCodeSchema.safeParse(v.code ?? "");
    if (parsed.success) return { code: parsed.data };
    ctx.addIssue({
      code: "custom",
      path: ["code"],
      message: v.code ? parsed.error.issues[0]!.message : "Codice: campo obbligatorio (oppure un codice di recupero)",
    });
    return z.NEVER;
  });
export type TotpDisableInput = z.input<typeof totpDisableSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** Shown grouped for reading and copying: "abcde-fghij". */
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

type DeviceKind = SessionInfo["kind"];

/**
 * The browser and system of a User-Agent in Italian words ("Firefox su Android"). Only the
 * common families are named: the list is for recognising one's own devices, not for statistics.
 */
export function describeUserAgent(ua: string | null | undefined): { device: string; kind: DeviceKind } {
  if (!ua || !ua.trim()) return { device: "Dispositivo sconosciuto", kind: "sconosciuto" };
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /SamsungBrowser\//.test(ua)
        ? "Samsung Internet"
        : /Firefox\/|FxiOS\//.test(ua)
          ? "Firefox"
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua) && /Version\//.test(ua)
              ? "Safari"
              : /^curl\//i.test(ua)
                ? "curl"
                : null;
  const system = /iPad/.test(ua)
    ? "iPad"
    : /iPhone|iPod/.test(ua)
      ? "iPhone"
      : /Android/.test(ua)
        ? "Android"
        : /CrOS/.test(ua)
          ? "ChromeOS"
          : /Windows/.test(ua)
            ? "Windows"
            : /Mac OS X|Macintosh/.test(ua)
              ? "macOS"
              : /Linux/.test(ua)
                ? "Linux"
                : null;
  const kind: DeviceKind =
    system === "iPad" || (system === "Android" && !/Mobile/.test(ua))
      ? "tablet"
      : system === "iPhone" || system === "Android" || /Mobile/.test(ua)
        ? "telefono"
        : system
          ? "computer"
          : "sconosciuto";
  const name = browser ?? "Browser sconosciuto";
  return { device: system ? `${name} su ${system}` : name, kind };
}
