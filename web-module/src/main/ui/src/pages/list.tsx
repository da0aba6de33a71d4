// The list page of a resource (docs/decisions/admin-ui-seams.md): configured columns, every header sortable
// (several at once), server-side pages with the total ("about N" when estimated), search (_q), per-column filters
// by type, FK/linkTo links, bulk and per-row actions, create/show/edit/delete by the catalog's `can` flags, the
// page, page size, sort, filters and search in the URL, row selection with bulk delete and per-row actions on the
// selection, CSV/NDJSON export of every matching row, and saved views. The state is useListState (list/state.ts);
// this page composes it with the filter bar, the saved-view picker, the bulk-action bar and the table.
import { useNavigate, useParams } from "react-router";
import { List } from "@refinedev/antd";
import { Button, Card, Dropdown, Space, Table, Typography } from "antd";
import type { CheckboxProps } from "antd";
import { DownloadOutlined, DownOutlined, PlusOutlined } from "@ant-design/icons";
import { exportUrl, stepUpFirst } from "../api";
import { useResource } from "../session";
import { ResourceIcon } from "../icons";
import { useRunAction } from "../actions";
import { NotFound } from "../notFound";
import { VerifyChainButton } from "../verify";
import type { ResourceInfo, Row } from "../types";
import { useListState } from "../list/state";
import { useListColumns } from "../list/columns";
import { FilterBar } from "../list/filter-bar";
import { BulkBar } from "../list/bulk-bar";
import { ApplyToAll } from "../list/apply-all";
import { ImportButton } from "../list/import-button";
import { SavedViewPicker } from "../list/saved-view-picker";
import { rowsText } from "../list/model";

export { nextSorters, operatorsFor, rowsText } from "../list/model";

export function ResourceList() {
  const { key } = useParams();
  const resource = useResource(key);
  if (!resource) return <NotFound what={`The resource "${key}"`} />;
  return <ListOf key={key} resource={resource} />;
}

function ListOf({ resource }: { resource: ResourceInfo }) {
  const key = resource.key;
  const navigate = useNavigate();
  const state = useListState(resource);
  const columns = useListColumns(resource, state);
  const runAction = useRunAction(key, state.refresh);
  const bulkActions = resource.actions.filter((a) => !a.per_row);
  const selectable = resource.can.delete || resource.actions.some((a) => a.per_row);
  return (
    <List
      resource={key}
      breadcrumb={false}
      title={<Space><ResourceIcon name={resource.icon} /><span id="page-title">{resource.label}</span></Space>}
      headerButtons={
        <>
          {key === "adminAudit" && <VerifyChainButton />}
          {bulkActions.map((a) => (
            <Button key={a.name} data-bulk-action={a.name} onClick={() => runAction(a, null)}>{a.label}</Button>
          ))}
          <Dropdown trigger={["click"]} menu={{
            items: [{ key: "csv", label: <span id="export-csv">CSV</span> }, { key: "ndjson", label: <span id="export-ndjson">NDJSON</span> }],
            onClick: ({ key: format }) => {
              // the export is a step-up route opened as a link: prove a factor first when one is due (the modal)
              stepUpFirst().then(
                () => window.location.assign(exportUrl(key, format === "ndjson" ? "ndjson" : "csv", state.crudFilters, state.sorters)),
                () => {});
            },
          }}>
            <Button id="export" icon={<DownloadOutlined />}>Export <DownOutlined /></Button>
          </Dropdown>
          <ImportButton resource={resource} onDone={state.refresh} />
          {resource.can.create && (
            <Button type="primary" icon={<PlusOutlined />} id="create" onClick={() => navigate(`/${key}/create`)}>Create</Button>
          )}
        </>
      }
    >
    <Card>
      <FilterBar resource={resource} state={state}
                 views={<SavedViewPicker resource={resource} view={state.view} onPick={state.applyView} />} />
      <Space wrap style={{ marginBottom: 8 }}>
        <ApplyToAll resource={resource} state={state} />
      </Space>
      <BulkBar resource={resource} state={state} />
      {state.error && <Typography.Paragraph type="danger" id="list-error">{state.error.message}</Typography.Paragraph>}
      <Table
        id="resource-table"
        rowKey="_id"
        size="middle"
        loading={state.loading}
        dataSource={state.rows}
        columns={columns}
        scroll={{ x: "max-content" }}
        rowSelection={selectable ? {
          selectedRowKeys: state.selected,
          onChange: (keys) => state.setSelected(keys.map(String)),
          // antd passes the checkbox's other props on to the input, but its type has no aria-* (hence the cast)
          getCheckboxProps: (row: Row) => ({ "aria-label": `Select ${row._id}` }) as Partial<CheckboxProps>,
        } : undefined}
        onChange={(pagination, _filters, sorter, extra) => state.onTableChange(pagination, sorter, extra)}
        pagination={{
          current: state.currentPage,
          pageSize: state.pageSize,
          total: state.total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (t) => <><span id="total">{rowsText(t, state.estimated)}</span>{state.estimated && (
            <Button type="link" size="small" id="count-exactly" onClick={state.countExactly}
                    title="Counts every matching row: slow on a big table">count exactly</Button>)}</>,
        }}
      />
    </Card>
    </List>
  );
}
