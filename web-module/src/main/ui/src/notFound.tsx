// The 404 page of the panel (an unknown route, resource or row), shared by the shell and the pages.
import { Link } from "react-router";
import { Result } from "antd";

export function NotFound({ what = "This page" }: { what?: string }) {
  return <Result status="404" title="Not found" subTitle={`${what} does not exist or you may not see it.`}
                 extra={<Link to="/">Back to the dashboard</Link>} />;
}
