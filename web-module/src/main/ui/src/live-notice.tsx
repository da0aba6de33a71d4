// "This row changed" on a show or edit page: a Refine live subscription in "manual" mode on the
// row (liveProvider in live.ts). The show page reloads the row at once and says so; the edit form never overwrites
// what the operator typed: it says the row changed underneath (a save would then be refused with 412) and offers
// to reload it.
import { useState } from "react";
import { useInvalidate, useResourceSubscription, type LiveEvent } from "@refinedev/core";
import { Alert, Button } from "antd";
import dayjs from "dayjs";

interface Props {
  resource: string;
  id: string;
  /** "show": reload the row when it changes; "edit": only say so, with a Reload button calling `onReload`. */
  mode: "show" | "edit";
  onReload?: () => unknown;
}

export function RowChangedNotice({ resource, id, mode, onReload }: Props) {
  const [change, setChange] = useState<{ type: string; at: Date } | null>(null);
  const invalidate = useInvalidate();
  useResourceSubscription({
    resource,
    channel: `resources/${resource}`,
    types: ["updated", "deleted"],
    params: { ids: [id], id, subscriptionType: "useOne" },
    liveMode: "manual",
    onLiveEvent: (event: LiveEvent) => {
      setChange({ type: event.type, at: event.date });
      if (mode === "show" && event.type === "updated") {
        invalidate({ resource, id, invalidates: ["detail"] });
      }
    },
  });
  if (!change) return null;
  const at = dayjs(change.at).format("HH:mm:ss");
  if (change.type === "deleted") {
    return <Alert id="row-changed" data-change="deleted" type="error" showIcon style={{ marginBottom: 16 }}
                  message={`This row was deleted at ${at}. The audit log keeps a copy; an admin can restore it from its delete entry.`} />;
  }
  if (mode === "show") {
    return <Alert id="row-changed" data-change="updated" type="info" showIcon closable style={{ marginBottom: 16 }}
                  onClose={() => setChange(null)} message={`This row changed at ${at}; the page shows the new values.`} />;
  }
  return (
    <Alert id="row-changed" data-change="updated" type="warning" showIcon style={{ marginBottom: 16 }}
           message={`This row changed at ${at}, after you opened this form. Saving now would be refused; reload to see the new version (what you typed here is lost).`}
           action={onReload && (
             <Button id="row-changed-reload" onClick={async () => { await onReload(); setChange(null); }}>Reload</Button>
           )} />
  );
}
