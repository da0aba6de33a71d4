// How a value of a row is shown: FK columns as labelled links, linkTo links, audit action badges,
// JSON as code, timestamps localised, booleans as tags.
import React from "react";
import { Link } from "react-router";
import { Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useSession } from "./session";
import { ColorTag } from "./tags";

const ACTION_COLORS = {
  create: "green", update: "blue", delete: "red", custom: "purple", "user.ban": "volcano",
  "user.unban": "cyan", "user.revoke_sessions": "orange",
};

/** Color of an audit action badge (auth.* gold, room.* geekblue). */
export function actionColor(action) {
  if (ACTION_COLORS[action]) return ACTION_COLORS[action];
  if (String(action).startsWith("auth.")) return "gold";
  if (String(action).startsWith("room.")) return "geekblue";
  return "default";
}

/** Text of a plain value. */
export function formatValue(value, type) {
  if (value === null || value === undefined) return "";
  if (type === "datetime") return dayjs(value).isValid() ? dayjs(value).format("YYYY-MM-DD HH:mm:ss") : String(value);
  if (type === "json" || typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The link target of a column on a row: {resource, id} or null. */
export function linkOf(column, row) {
  const link = column?.link_to;
  if (!link) return null;
  const value = row[column.name];
  if (value === null || value === undefined || value === "") return null;
  if (link.resource) return { resource: link.resource, id: String(value) };
  if (link.resourceFromColumn) {
    const target = row[link.resourceFromColumn];
    return target ? { resource: String(target), id: String(value) } : null;
  }
  return null;
}

/** One cell: `resourceKey` is the resource the row belongs to, `column` its catalog column. */
export function Cell({ resourceKey, column, row }) {
  const { catalog } = useSession();
  const value = row[column.name];
  if (resourceKey === "adminAudit" && column.name === "action" && value) {
    return <ColorTag color={actionColor(value)} data-badge={value}>{value}</ColorTag>;
  }
  const link = linkOf(column, row);
  const label = row._labels?.[column.name];
  const text = label !== undefined && label !== null ? label : formatValue(value, column.type);
  if (link) {
    const target = catalog?.resources.find((r) => r.key === link.resource);
    if (target?.can.read) {
      return (
        <Link to={`/${link.resource}/show/${encodeURIComponent(link.id)}`} data-link={`${link.resource}/${link.id}`}>
          {text}
        </Link>
      );
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
