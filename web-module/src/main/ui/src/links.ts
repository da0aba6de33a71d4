// Where a cell's value links to (docs/admin-api.md, "Events", rule 3): a column's linkTo (a fixed resource, or the resource
// another column of the row names, as the audit log's target_id does), and the audit entries whose target is not a
// row of their resource: a job's (job.*: its id is the job's, so the Jobs page), a saved view's (view.*: no page) and
// a room message template's (room.template_*: the templates page).
import type { ColumnInfo, Row } from "./types";

/** A link: `resource` the catalog key whose `can.read` decides (null: a page of its own), `id`, `to` the route. */
export type CellLink = { resource: string | null; id: string; to: string };

/**
 * The link of `column` on `row` of the resource `resourceKey`, or null (no linkTo, an empty value, or an audit
 * target that is not a row).
 */
export function linkOf(
  column: (Pick<ColumnInfo, "name"> & Partial<Pick<ColumnInfo, "link_to">>) | undefined,
  row: Row,
  resourceKey?: string,
): CellLink | null {
  const link = column?.link_to;
  if (!column || !link) return null;
  const value = row[column.name];
  if (value === null || value === undefined || value === "") return null;
  const id = String(value);
  if ("resource" in link) return rowLink(link.resource, id);
  const target = row[link.resourceFromColumn];
  if (!target) return null;
  if (resourceKey === "adminAudit") {
    const action = String(row.action ?? "");
    if (action.startsWith("job.")) return { resource: null, id, to: "/_jobs" };
    if (action.startsWith("view.")) return null;
    if (action.startsWith("room.template_")) return { resource: null, id, to: "/rooms/_templates" };
  }
  return rowLink(String(target), id);
}

function rowLink(resource: string, id: string): CellLink {
  return { resource, id, to: `/${resource}/show/${encodeURIComponent(id)}` };
}
