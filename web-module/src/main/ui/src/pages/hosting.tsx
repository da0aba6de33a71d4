// The hosting dashboard: for a team's applications, charts of CCU, rooms, CPU and memory per
// location (per minute over 24 hours, or per day over 30 days), egress per day and the deploy history, from the
// admin API's hosting routes (/admin-api/_hosting/teams/:team/applications/...). Loaded on demand (React.lazy):
// the chart library stays out of the main bundle.
import { useEffect, useMemo } from "react";
import { useSearchParams } from "react-router";
import { useCustom, useList } from "@refinedev/core";
import { Card, Col, Empty, Row, Segmented, Select, Space, Table, Typography } from "antd";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import dayjs from "dayjs";
import { apiUrl, rowLabel, type ApiError } from "../api";
import { useSession } from "../session";
import { ColorTag } from "../tags";
import type { Row as DataRow } from "../types";

// The hosting answers are the hosting API's bodies passed through (openapi/warden-admin.yaml types them only as
// HostingAnswer, an open object): these are the fields the charts read, as the hosting API documents them.
type Figure = "ccu" | "rooms" | "cpu_percent" | "memory_percent";
type Point = { time: string } & Partial<Record<Figure, number | null>>;
type Location = { id: number | string; region: string };
type MetricsAnswer = { locations?: (Location & { points?: Point[] })[] };
type EgressAnswer = { locations?: (Location & { days?: { date: string; outgoing_bytes?: number | null }[] })[] };
type Application = { slug: string; name?: string | null };
type Deploy = { id: number | string; started_at?: string | null; status: string; branch?: string | null; commit?: string | null };
/** One chart row: the time (or date) and one value per location name. */
type ChartRow = { [series: string]: string | number | null };

const COLORS = ["#1677ff", "#52c41a", "#fa8c16", "#eb2f96", "#722ed1", "#13c2c2"];
/** Legend text in the page's text colour (Recharts colours it like its series, too pale for WCAG AA contrast). */
const legendText = (value: string) => <span style={{ color: "rgba(0, 0, 0, 0.88)" }}>{value}</span>;
const FIGURES: [Figure, string][] = [["ccu", "Players online (CCU)"], ["rooms", "Rooms"], ["cpu_percent", "CPU %"],
  ["memory_percent", "Memory %"]];

/** A hosting answer as the dashboard reads it: the body (null while loading, disabled or failed), the error, loading. */
type Hosting<T> = { loading: boolean; data: T | null; error: ApiError | null };

/**
 * GET /admin-api/_hosting/<path>[?query] through the data provider's `custom` (Refine's useCustom); `path` null or
 * `enabled` false sends nothing. A failed request shows no data, only the error; while a new path or query loads,
 * the last answer stays (as the hand-written hook did).
 */
function useHosting<T extends object>(path: string | null, enabled = true, query?: Record<string, string | number>): Hosting<T> {
  const { query: { data, error, isFetching } } = useCustom<T, ApiError>({
    url: `${apiUrl}/_hosting/${path ?? ""}`, method: "get", config: { query }, errorNotification: false,
    // while another app or range loads, the last answer stays on screen (as before the move to Refine's hooks)
    queryOptions: { enabled: enabled && !!path, placeholderData: (previous) => previous },
  });
  return { loading: isFetching, data: error ? null : data?.data ?? null, error: error ?? null };
}

/** Points of every location merged by time: [{time, "<region> #<id>": value}] for one figure. */
export function seriesOf(history: MetricsAnswer | null, figure: Figure): ChartRow[] {
  const byTime = new Map<string, ChartRow>();
  for (const location of history?.locations ?? []) {
    const name = `${location.region} #${location.id}`;
    for (const p of location.points ?? []) {
      const row = byTime.get(p.time) ?? { time: p.time };
      row[name] = p[figure] ?? null;
      byTime.set(p.time, row);
    }
  }
  return [...byTime.values()].sort((a, b) => String(a.time).localeCompare(String(b.time)));
}

const locationNames = (answer: { locations?: Location[] } | null) => (answer?.locations ?? []).map((l) => `${l.region} #${l.id}`);

function FigureChart({ id, title, data, names, day }: { id: string; title: string; data: ChartRow[]; names: string[]; day: boolean }) {
  return (
    <Card size="small" title={title} className="hosting-chart" data-chart={id}>
      {data.length === 0 ? <Empty description="No figures in this window" /> : (
        <div role="img" aria-label={`${title} per location`} style={{ width: "100%", height: 220 }}>
          <ResponsiveContainer>
            <LineChart data={data}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="time" tickFormatter={(t: string) => dayjs(t).format(day ? "MM-DD" : "HH:mm")} minTickGap={24} />
              <YAxis width={48} />
              <Tooltip labelFormatter={(t) => dayjs(String(t)).format("YYYY-MM-DD HH:mm")} />
              <Legend formatter={legendText} />
              {names.map((n, i) => <Line key={n} type="monotone" dataKey={n} stroke={COLORS[i % COLORS.length]} dot={false}
                                         isAnimationActive={false} connectNulls />)}
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
    </Card>
  );
}

function EgressChart({ egress }: { egress: EgressAnswer | null }) {
  const names = locationNames(egress);
  const data = useMemo(() => {
    const byDate = new Map<string, ChartRow>();
    for (const l of egress?.locations ?? []) {
      for (const d of l.days ?? []) {
        const row = byDate.get(d.date) ?? { date: d.date };
        row[`${l.region} #${l.id}`] = Math.round((d.outgoing_bytes ?? 0) / 1e6);
        byDate.set(d.date, row);
      }
    }
    return [...byDate.values()].sort((a, b) => String(a.date).localeCompare(String(b.date)));
  }, [egress]);
  return (
    <Card size="small" title="Egress per day (MB out)" className="hosting-chart" data-chart="egress">
      {data.length === 0 ? <Empty description="No egress in this window" /> : (
        <div role="img" aria-label="Outgoing megabytes per day and location" style={{ width: "100%", height: 220 }}>
          <ResponsiveContainer>
            <BarChart data={data}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} />
              <YAxis width={56} />
              <Tooltip />
              <Legend formatter={legendText} />
              {names.map((n, i) => <Bar key={n} dataKey={n} stackId="out" fill={COLORS[i % COLORS.length]} isAnimationActive={false} />)}
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
    </Card>
  );
}

const STATUS_COLORS: Record<string, string> = { deployed: "green", failed: "red", deploying: "blue", enqueued: "default", none: "default" };

export default function HostingDashboard() {
  const { catalog } = useSession();
  const can = (key: string) => catalog.resources.some((r) => r.key === key);
  const enabled = can("teams") && can("applications");
  const { query: { data: teams } } = useList<DataRow>({ resource: "teams", pagination: { currentPage: 1, pageSize: 100 },
    sorters: [{ field: "id", order: "asc" }], errorNotification: false, queryOptions: { enabled } });
  // team, application and resolution live in the query string (?team=&app=&resolution=): links keep the view
  const [params, setParams] = useSearchParams();
  const team = params.get("team");
  const slug = params.get("app");
  const resolution = params.get("resolution") === "day" ? "day" : "minute";
  const change = (values: Record<string, string | null>) => setParams((old) => {
    const next = new URLSearchParams(old);
    Object.entries(values).forEach(([k, v]) => (v ? next.set(k, v) : next.delete(k)));
    return next;
  }, { replace: true });
  const setTeam = (v: string | null) => change({ team: v, app: null });
  const setSlug = (v: string | null) => change({ app: v });
  const setResolution = (v: string) => change({ resolution: v === "day" ? "day" : null });
  useEffect(() => { if (!team && teams?.data?.length) setTeam(String(teams.data[0]._id)); }, [teams, team]);
  const apps = useHosting<{ data?: Application[] }>(team ? `teams/${team}/applications` : null, enabled && !!team);
  const appList = apps.data?.data ?? [];
  useEffect(() => {
    if (apps.data && !appList.some((a) => a.slug === slug)) setSlug(appList.length ? appList[0].slug : null);
  }, [apps.data]);
  const base = team && slug ? `teams/${team}/applications/${encodeURIComponent(slug)}` : null;
  const metrics = useHosting<MetricsAnswer>(base && `${base}/metrics`, can("instances"), { resolution });
  const egress = useHosting<EgressAnswer>(base && `${base}/egress`, can("egressDays"));
  const deploys = useHosting<{ data?: Deploy[] }>(base && `${base}/deploys`, can("deploys"), { limit: 20 });
  if (!enabled) return null;
  const names = locationNames(metrics.data);
  const day = resolution === "day";
  return (
    <Card id="hosting-dashboard" title="Hosting" style={{ marginBottom: 24 }}
          extra={(
            <Space wrap>
              <Select id="hosting-team" aria-label="Team" style={{ width: 200 }} placeholder="Team" value={team}
                      onChange={setTeam}
                      options={(teams?.data ?? []).map((t) => ({ value: String(t._id), label: rowLabel(t) }))} />
              <Select id="hosting-app" aria-label="Application" style={{ width: 200 }} placeholder="Application" value={slug}
                      onChange={setSlug} options={appList.map((a) => ({ value: a.slug, label: a.name || a.slug }))} />
              <Segmented id="hosting-resolution" aria-label="Resolution" value={resolution} onChange={setResolution}
                         options={[{ value: "minute", label: "24 hours" }, { value: "day", label: "30 days" }]} />
            </Space>
          )}>
      {!slug ? <Empty description={team ? "This team has no applications" : "No teams"} /> : (
        <>
          {metrics.error && <Typography.Paragraph type="danger">{metrics.error.message}</Typography.Paragraph>}
          <Row gutter={[16, 16]}>
            {FIGURES.map(([figure, title]) => (
              <Col key={figure} xs={24} lg={12}>
                <FigureChart id={figure} title={title} data={seriesOf(metrics.data, figure)} names={names} day={day} />
              </Col>
            ))}
            {can("egressDays") && <Col xs={24} lg={12}><EgressChart egress={egress.data} /></Col>}
            {can("deploys") && (
              <Col xs={24} lg={12}>
                <Card size="small" title="Deploy history" data-chart="deploys">
                  <Table id="deploy-history" rowKey="id" size="small" pagination={false} loading={deploys.loading}
                         dataSource={deploys.data?.data ?? []} scroll={{ x: "max-content" }}
                         columns={[
                           { key: "started_at", title: "Started", dataIndex: "started_at",
                             render: (v: string | null) => (v ? dayjs(v).format("YYYY-MM-DD HH:mm") : "") },
                           { key: "status", title: "Status", dataIndex: "status",
                             render: (v: string) => <ColorTag color={STATUS_COLORS[v] ?? "default"}>{v}</ColorTag> },
                           { key: "branch", title: "Branch", dataIndex: "branch" },
                           { key: "commit", title: "Commit", dataIndex: "commit",
                             render: (v: string | null) => (v ? String(v).slice(0, 8) : "") },
                         ]} />
                </Card>
              </Col>
            )}
          </Row>
        </>
      )}
    </Card>
  );
}
