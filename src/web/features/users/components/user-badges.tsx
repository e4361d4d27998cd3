import { userRoles, type UserRole } from "@domain/statuses";
import { userStatuses, type UserStatus } from "@domain/users";
import { Badge, type BadgeVariant } from "@web/components/ui/badge";

const roleVariant: Record<UserRole, BadgeVariant> = { admin: "default", ufficio: "info", tecnico: "warning", client: "outline" };
const statusVariant: Record<UserStatus, BadgeVariant> = { attivo: "success", invitato: "info", disattivato: "secondary" };

export const RoleBadge = ({ role }: { role: UserRole }) => <Badge variant={roleVariant[role]}>{userRoles.label(role)}</Badge>;

export const UserStatusBadge = ({ status }: { status: UserStatus }) => (
  <Badge variant={statusVariant[status]}>{userStatuses.label(status)}</Badge>
);
