import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { monthLabel, type Dashboard } from "@domain/dashboard";
import { formatEuro, formatEuroAxis, formatPercent } from "@domain/format";
import { estimateStatuses, siteStatuses } from "@domain/statuses";
import { Badge } from "@web/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import type { ReactNode } from "react";

// Loaded with import() by the dashboard page: recharts stays out of every other bundle.
// Amounts reach the charts as numbers only to be drawn; every label prints the server's
// exact strings.

const COLORS = {
  primary: "#1e4e79",
  success: "#15803d",
  late: "#b91c1c",
  muted: "#94a3b8",
  grid: "#e2e8f0",
  axis: "#475569",
};

function ChartCard({
  title,
  description,
  extra,
  table,
  children,
}: {
  title: string;
  description: string;
  extra?: ReactNode;
  table: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {extra}
      </CardHeader>
      <CardContent>
        {/* The chart is a picture for sighted users; screen readers get the same figures as a table. */}
        <div aria-hidden className="h-64 w-full">
          {children}
        </div>
        <table className="sr-only">
          <caption>{title}</caption>
          {table}
        </table>
      </CardContent>
    </Card>
  );
}

export function RevenueChart({ months }: { months: Dashboard["revenueByMonth"] }) {
  const data = months.map((m) => ({
    label: monthLabel(m.month),
    invoiced: Number(m.invoiced),
    collected: Number(m.collected),
    raw: m,
  }));
  return (
    <ChartCard
      title="Fatturato e incassato"
      description="Ultimi 12 mesi, imponibile: fatture emesse per mese di emissione, pagamenti per mese d'incasso."
      table={
        <>
          <thead>
            <tr>
              <th>Mese</th>
              <th>Fatturato</th>
              <th>Incassato</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <td>{monthLabel(m.month)}</td>
                <td>{formatEuro(m.invoiced)}</td>
                <td>{formatEuro(m.collected)}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid vertical={false} stroke={COLORS.grid} />
          <XAxis dataKey="label" tick={{ fill: COLORS.axis, fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis tickFormatter={formatEuroAxis} tick={{ fill: COLORS.axis, fontSize: 12 }} width={76} />
          <Tooltip
            formatter={(_value, name, item) => {
              const raw = (item.payload as (typeof data)[number]).raw;
              return [formatEuro(name === "Fatturato" ? raw.invoiced : raw.collected), name];
            }}
          />
          <Legend />
          <Bar dataKey="invoiced" name="Fatturato" fill={COLORS.primary} radius={[3, 3, 0, 0]} />
          <Bar dataKey="collected" name="Incassato" fill={COLORS.success} radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function EstimatesChart({
  statuses,
  acceptanceRate,
}: {
  statuses: Dashboard["estimatesByStatus"];
  acceptanceRate: string | null;
}) {
  const data = statuses.map((s) => ({ label: estimateStatuses.label(s.status), count: s.count, total: s.total }));
  return (
    <ChartCard
      title="Preventivi per stato"
      description="Numero di preventivi in ciascuno stato."
      extra={
        <Badge variant="info">
          Tasso di accettazione: {acceptanceRate === null ? "—" : formatPercent(acceptanceRate, 1)}
        </Badge>
      }
      table={
        <>
          <thead>
            <tr>
              <th>Stato</th>
              <th>Preventivi</th>
              <th>Importo</th>
            </tr>
          </thead>
          <tbody>
            {data.map((s) => (
              <tr key={s.label}>
                <td>{s.label}</td>
                <td>{s.count}</td>
                <td>{formatEuro(s.total)}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          accessibilityLayer={false}
          data={data}
          layout="vertical"
          margin={{ top: 8, right: 16, left: 8, bottom: 0 }}
        >
          <CartesianGrid horizontal={false} stroke={COLORS.grid} />
          <XAxis type="number" allowDecimals={false} tick={{ fill: COLORS.axis, fontSize: 12 }} />
          <YAxis type="category" dataKey="label" tick={{ fill: COLORS.axis, fontSize: 12 }} width={80} />
          <Tooltip
            formatter={(value, _name, item) => [
              `${String(value)} (${formatEuro((item.payload as (typeof data)[number]).total)})`,
              "Preventivi",
            ]}
          />
          <Bar dataKey="count" name="Preventivi" fill={COLORS.primary} radius={[0, 3, 3, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function SitesChart({ statuses, late }: { statuses: Dashboard["sitesByStatus"]; late: number }) {
  const data = statuses.map((s) => ({ label: siteStatuses.label(s.status), onTime: s.count - s.late, late: s.late }));
  return (
    <ChartCard
      title="Cantieri per stato"
      description="In rosso i cantieri oltre la data di fine prevista."
      extra={
        late ? (
          <Badge variant="destructive">{late === 1 ? "1 in ritardo" : `${late} in ritardo`}</Badge>
        ) : (
          <Badge variant="success">Nessun ritardo</Badge>
        )
      }
      table={
        <>
          <thead>
            <tr>
              <th>Stato</th>
              <th>Cantieri</th>
              <th>In ritardo</th>
            </tr>
          </thead>
          <tbody>
            {statuses.map((s) => (
              <tr key={s.status}>
                <td>{siteStatuses.label(s.status)}</td>
                <td>{s.count}</td>
                <td>{s.late}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid vertical={false} stroke={COLORS.grid} />
          <XAxis dataKey="label" tick={{ fill: COLORS.axis, fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fill: COLORS.axis, fontSize: 12 }} width={32} />
          <Tooltip />
          <Legend />
          <Bar dataKey="onTime" name="Nei tempi" stackId="sites" fill={COLORS.primary} />
          <Bar dataKey="late" name="In ritardo" stackId="sites" fill={COLORS.late} radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** The three charts together: the default export the page loads lazily. */
export default function DashboardCharts({ data }: { data: Dashboard }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <RevenueChart months={data.revenueByMonth} />
      </div>
      <EstimatesChart statuses={data.estimatesByStatus} acceptanceRate={data.acceptanceRate} />
      <SitesChart statuses={data.sitesByStatus} late={data.lateSites} />
    </div>
  );
}
