// Custom actions (spec/admin-panel.md, Custom actions): always a confirmation (the action's own, else a
// generic one naming its label), a success toast, the response body only on failure.
import React from "react";
import { App, Typography } from "antd";
import { post } from "./api";

export function useRunAction(resourceKey, onDone) {
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
          await post(`${resourceKey}/_action/${encodeURIComponent(action.name)}`, row ? { id: row._id } : {});
          message.success({ content: `${action.label}: done`, className: "action-success" });
          onDone?.();
        } catch (e) {
          modal.error({
            title: `${action.label} failed`,
            width: 560,
            content: (
              <pre id="action-failure" style={{ whiteSpace: "pre-wrap", maxHeight: 300, overflow: "auto" }}>
                {JSON.stringify(e.body ?? { error: { message: e.message } }, null, 2)}
              </pre>
            ),
          });
        }
      },
    });
  };
}

export const JsonBlock = ({ value }) => (
  <Typography.Paragraph code style={{ whiteSpace: "pre-wrap", margin: 0 }}>
    {JSON.stringify(value, null, 2)}
  </Typography.Paragraph>
);
