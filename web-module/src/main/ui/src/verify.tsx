// "Verify chain" on the audit log's list: GET /admin-api/adminAudit/_verify walks the audit
// log's hash chain on the server and answers {ok, rows_checked, first_bad_id, problem, ...}. Admins only (the
// server answers 403 to anyone else); the button shows for the catalog's operator role "admin".
import { useState } from "react";
import { Link } from "react-router";
import { App, Button, Descriptions } from "antd";
import { SafetyCertificateOutlined } from "@ant-design/icons";
import { get, type ApiError } from "./api";
import { useSession } from "./session";
import type { components } from "./generated/admin-api";

export type ChainVerdict = components["schemas"]["AuditChainVerdict"];

const PROBLEMS: Record<string, string> = {
  hash: "the row was edited in place (its hash does not match its content)",
  link: "a row before it was deleted (its link to the previous hash is broken)",
  missing_tail: "rows are missing at the end of the chain",
  no_head: "the chain head is missing",
};

function Verdict({ verdict }: { verdict: ChainVerdict }) {
  return (
    <Descriptions id="verify-result" data-ok={String(verdict.ok)} column={1} size="small" bordered>
      <Descriptions.Item label="Intact"><span id="verify-ok">{verdict.ok ? "yes" : "no"}</span></Descriptions.Item>
      <Descriptions.Item label="Rows checked"><span id="verify-rows">{verdict.rows_checked}</span></Descriptions.Item>
      <Descriptions.Item label="First bad row">
        <span id="verify-first-bad">{verdict.first_bad_id === null
          ? "none"
          : <Link to={`/adminAudit/show/${verdict.first_bad_id}`}>#{verdict.first_bad_id}</Link>}</span>
      </Descriptions.Item>
      {verdict.problem && (
        <Descriptions.Item label="Problem">{PROBLEMS[verdict.problem] ?? verdict.problem}</Descriptions.Item>
      )}
      {verdict.checkpoint_seq !== null && (
        <Descriptions.Item label="From prune checkpoint">seq {verdict.checkpoint_seq}</Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** The button (null for a non-admin) and the verdict in a dialog. */
export function VerifyChainButton() {
  const { catalog } = useSession();
  const { modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (catalog.operator.role !== "admin") return null;
  const verify = async () => {
    setBusy(true);
    try {
      const verdict = (await get<ChainVerdict>("adminAudit/_verify")).data;
      (verdict.ok ? modal.success : modal.error)({
        title: verdict.ok ? "The audit chain is intact" : "The audit chain is broken",
        width: 560,
        content: <Verdict verdict={verdict} />,
        okButtonProps: { id: "verify-close" },
      });
    } catch (e) {
      modal.error({ title: "Could not verify the chain", content: (e as ApiError).message });
    } finally {
      setBusy(false);
    }
  };
  return <Button id="verify-chain" icon={<SafetyCertificateOutlined />} loading={busy} onClick={verify}>Verify chain</Button>;
}
