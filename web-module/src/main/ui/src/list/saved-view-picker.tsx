// Saved views of a resource (docs/decisions/saved-views.md; GET/POST /admin-api/_views/:resource): pick one to
// replace the list's filters, sort and columns, or save the current ones under a name.
import { useEffect, useState } from "react";
import { App, Button, Input, Select, Space } from "antd";
import { SaveOutlined } from "@ant-design/icons";
import { apiUrl, filtersToWire, http } from "../api";
import type { ResourceInfo, SavedView, SavedViewInput } from "../types";
import type { ViewState } from "./model";

/** The picker and the Save view button; `view` is the list's current state, `onPick` applies a saved one. */
export function SavedViewPicker({ resource, view, onPick }: {
  resource: ResourceInfo; view: ViewState; onPick: (v: SavedView) => void;
}) {
  const { modal, message } = App.useApp();
  const [views, setViews] = useState<SavedView[]>([]);
  const [name, setName] = useState("");
  const load = () => http.get<SavedView[]>(`${apiUrl}/_views/${resource.key}`).then((r) => setViews(r.data)).catch(() => setViews([]));
  useEffect(() => { load(); }, [resource.key]);
  const save = () => {
    setName("");
    modal.confirm({
      title: "Save this view",
      content: <Input id="view-name" aria-label="View name" placeholder="Name" maxLength={100}
                      onChange={(e) => setName(e.target.value)} />,
      okText: "Save",
      okButtonProps: { id: "confirm-ok" },
      onOk: async () => {
        const input = document.getElementById("view-name") as HTMLInputElement | null;
        const viewName = (input?.value ?? name).trim();
        if (!viewName) throw new Error("A name is needed");
        const body: SavedViewInput = {
          name: viewName,
          filters: filtersToWire(view.filters),
          sort: view.sorters.map((s) => ({ field: s.field, order: s.order })),
          columns: view.columns,
        };
        await http.post(`${apiUrl}/_views/${resource.key}`, body);
        message.success({ content: `View "${viewName}" saved`, className: "view-saved" });
        await load();
      },
    });
  };
  return (
    <Space.Compact>
      <Select id="saved-views" aria-label="Saved views" placeholder="Saved views" style={{ width: 180 }}
              value={null} options={views.map((v) => ({ value: v.id, label: v.name }))}
              onChange={(id: string) => { const v = views.find((x) => x.id === id); if (v) onPick(v); }}
              notFoundContent="No saved views" />
      <Button id="save-view" icon={<SaveOutlined />} onClick={save} aria-label="Save view">Save view</Button>
    </Space.Compact>
  );
}
