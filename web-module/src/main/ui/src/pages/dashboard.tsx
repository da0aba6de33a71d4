// Home: a count per resource (the list's X-Total-Count, "about N" when estimated) and the latest audit entries.
import { Suspense, lazy } from "react";
import { Link } from "react-router";
import { useList } from "@refinedev/core";
import { Card, Col, Row, Spin, Statistic, Table, Typography, type TableColumnType } from "antd";
import type { ListAnswer } from "../api";
import { columnOf, useResource, useSession } from "../session";
import { ResourceIcon } from "../icons";
import { Cell, type CellColumn } from "../cells";
import type { ResourceInfo, Row as DataRow } from "../types";

const HostingDashboard = lazy(() => import("./hosting"));

function CountCard({ resource }: { resource: ResourceInfo }) {
  const { query: { data: answer, isLoading, error } } = useList<DataRow>({ resource: resource.key, pagination: { currentPage: 1, pageSize: 1 },
    errorNotification: false });
  const data = answer as ListAnswer | undefined;
  const estimated = data?.totalKind === "estimated";
  return (
    <Card size="small" hoverable className="count-card" data-resource={resource.key}>
      <Link to={`/${resource.key}`}>
        <Statistic title={<span><ResourceIcon name={resource.icon} /> {resource.label}</span>} loading={isLoading}
                   value={error ? "—" : data?.total ?? 0} prefix={estimated ? "about" : undefined} />
      </Link>
    </Card>
  );
}

function LatestAudit() {
  const audit = useResource("adminAudit");
  const { query: { data, isLoading } } = useList<DataRow>({ resource: "adminAudit", pagination: { currentPage: 1, pageSize: 10 },
    sorters: [{ field: "id", order: "desc" }], errorNotification: false, queryOptions: { enabled: !!audit } });
  if (!audit) return null;
  const columns = ["created_at", "operator_id", "action", "resource", "target_id"].map((name): TableColumnType<DataRow> => {
    const column: CellColumn = columnOf(audit, name) || { name, label: name, type: "string" };
    return { key: name, title: column.label, render: (_: unknown, row: DataRow) => <Cell resourceKey="adminAudit" column={column} row={row} /> };
  });
  return (
    <Card title="Latest audit entries" extra={<Link to="/adminAudit">All entries</Link>}>
      <Table id="latest-audit" rowKey="_id" size="small" loading={isLoading} pagination={false}
             dataSource={data?.data ?? []} columns={columns} scroll={{ x: "max-content" }} />
    </Card>
  );
}

export function Dashboard() {
  const { catalog, me } = useSession();
  return (
    <div>
      <Typography.Title level={3} id="page-title">Dashboard</Typography.Title>
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        {catalog.resources.map((r) => (
          <Col key={r.key} xs={24} sm={12} md={8} xl={6}><CountCard resource={r} /></Col>
        ))}
      </Row>
      {catalog.resources.length === 0 && (
        <Typography.Paragraph>No resources are assigned to you yet{me.role === "mod" ? " (ask an admin for a scope)" : ""}.</Typography.Paragraph>
      )}
      <Suspense fallback={<Spin />}><HostingDashboard /></Suspense>
      <LatestAudit />
    </div>
  );
}
