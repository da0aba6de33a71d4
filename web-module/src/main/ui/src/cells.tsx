// How a value of a row is shown: FK columns as labelled links, linkTo links, audit action badges,
// JSON as code, timestamps localised, booleans as tags.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Typography } from "antd";
import dayjs from "dayjs";
import { useSession } from "./session";
import { linkOf } from "./links";
import { ColorTag } from "./tags";
import type { ColumnInfo, ColumnType, Row } from "./types";

/** A column as a cell or form sees it: the catalog's, or a stand-in for a name the catalog does not describe. */
export type CellColumn = Pick<ColumnInfo, "name" | "label" | "type"> & Partial<Pick<ColumnInfo, "link_to">>;

const ACTION_COLORS: Record<string, string> = {
  create: "green", update: "blue", delete: "red", custom: "purple", "user.ban": "volcano",
  "user.unban": "cyan", "user.revoke_sessions": "orange",
};

/** Color of an audit action badge (auth.* gold, room.* geekblue). */
export function actionColor(action: unknown): string {
  const name = String(action);
  if (ACTION_COLORS[name]) return ACTION_COLORS[name];
  if (name.startsWith("auth.")) return "gold";
  if (name.startsWith("room.")) return "geekblue";
  return "default";
}

/** Text of a plain value. */
export function formatValue(value: unknown, type?: ColumnType | string): string {
  if (value === null || value === undefined) return "";
  if (type === "datetime") {
    const when = dayjs(value as string);
    return when.isValid() ? when.format("YYYY-MM-DD HH:mm:ss") : String(value);
  }
  if (type === "json" || typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** One cell: `resourceKey` is the resource the row belongs to, `column` its catalog column. */
export function Cell({ resourceKey, column, row }: { resourceKey: string; column: CellColumn; row: Row }): ReactNode {
  const { catalog } = useSession();
  const value = row[column.name];
  if (resourceKey === "adminAudit" && column.name === "action" && value) {
    return <ColorTag color={actionColor(value)} data-badge={String(value)}>{String(value)}</ColorTag>;
  }
  const link = linkOf(column, row, resourceKey);
  const label = row._labels?.[column.name];
  const text = label !== undefined && label !== null ? label : formatValue(value, column.type);
  if (link) {
    const readable = link.resource === null || catalog?.resources.find((r) => r.key === link.resource)?.can.read;
    if (readable) {
      return <Link to={link.to} data-link={`${link.resource ?? link.to.slice(1)}/${link.id}`}>{text}</Link>;
    }
    return <span title={`${link.resource} ${link.id}`}>{text}</span>;
  }
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  if (column.type === "boolean") return <ColorTag color={value ? "green" : "default"}>{value ? "yes" : "no"}</ColorTag>;
  if (column.type === "json" || typeof value === "object") {
    const json = JSON.stringify(value);
    return (
      <Typography.Text code ellipsis={{ tooltip: json }} style={{ maxWidth: 320 }}>
        {json}
      </Typography.Text>
    );
  }
  return formatValue(value, column.type);
}
