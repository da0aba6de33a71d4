// Custom actions (docs/admin-api.md, "Custom actions"): always a confirmation (the action's own, else a
// generic one naming its label), a success toast, the response body only on failure.
import { App, Typography } from "antd";
import { post, type ApiError } from "./api";
import type { ActionInfo, ActionRequest, Row } from "./types";

/** A function that confirms and runs a custom action, on one row (per-row actions) or on the resource (`null`). */
export function useRunAction(resourceKey: string, onDone?: () => void): (action: ActionInfo, row: Row | null) => void {
  const { modal, message } = App.useApp();
  return (action, row) => {
    const confirm = action.confirm;
    modal.confirm({
      title: confirm?.title || `Run "${action.label}"?`,
      content: confirm?.description
        || (row ? `This runs "${action.label}" on row ${row._id}.` : `This runs "${action.label}" on ${resourceKey}.`),
      okText: action.label,
      okButtonProps: { id: "confirm-ok" },
      onOk: async () => {
        try {
          const body: ActionRequest = row ? { id: row._id } : {};
          await post(`${resourceKey}/_action/${encodeURIComponent(action.name)}`, body);
          message.success({ content: `${action.label}: done`, className: "action-success" });
          onDone?.();
        } catch (e) {
          const failure = e as ApiError;
          modal.error({
            title: `${action.label} failed`,
            width: 560,
            content: (
              <pre id="action-failure" style={{ whiteSpace: "pre-wrap", maxHeight: 300, overflow: "auto" }}>
                {JSON.stringify(failure.body ?? { error: { message: failure.message } }, null, 2)}
              </pre>
            ),
          });
        }
      },
    });
  };
}

export const JsonBlock = ({ value }: { value: unknown }) => (
  <Typography.Paragraph code style={{ whiteSpace: "pre-wrap", margin: 0 }}>
    {JSON.stringify(value, null, 2)}
  </Typography.Paragraph>
);
