import { lazy } from "react";
import { paths } from "@web/lib/paths";
import { Redirect } from "wouter";
import { useMe } from "@web/lib/session";

const DashboardPage = lazy(() => import("@web/features/dashboard/pages/dashboard-page"));

/**
 * "/admin", where every back-office login lands: a technician starts from his day on the
 * phone (issue 19), everybody else from the dashboard.
 */
export default function AdminHome() {
  const { data: me } = useMe();
  if (me?.role === "tecnico") return <Redirect to={paths.admin.today()} replace />;
  return <DashboardPage />;
}
