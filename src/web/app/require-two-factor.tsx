import type { ReactNode } from "react";
import { Redirect, useLocation } from "wouter";
import { profileSections } from "@domain/profile";
import { useMe } from "@web/lib/session";
import { paths } from "@web/lib/paths";

const PROFILE = paths.admin.profile();

/**
 * An admin who must enrol two-factor (company setting) sees only the profile until they do:
 * every other page goes to its enrolment section. The server answers 403 to the same user on
 * every other route, so this only spares them a page of errors.
 */
export function RequireTwoFactor({ children }: { children: ReactNode }) {
  const { data: me } = useMe();
  const [location] = useLocation();
  if (me?.twoFactorSetupRequired && location !== PROFILE)
    return <Redirect to={`${PROFILE}#${profileSections.twoFactor}`} replace />;
  return <>{children}</>;
}
