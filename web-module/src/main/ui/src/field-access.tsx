// Field permissions in the forms: the catalog leaves out the columns the operator may not read
// (so no page ever shows them) and marks `read_only` the ones they may not write (a column write policy, or a column
// the panel never writes). The form shows those disabled and never sends them (the server answers 403 naming a
// column the caller may not write).
import { cloneElement, type ReactElement } from "react";
import { ConfigProvider } from "antd";
import type { ColumnInfo } from "./types";

/** True when the form may send the column. */
export const writable = (column: Pick<ColumnInfo, "read_only">): boolean => !column.read_only;

/**
 * Hands Form.Item's props (value, onChange, id, ...) on to the input inside and disables every antd control in it
 * (a plain `disabled` prop would not reach the inputs of composite editors such as the foreign-key select).
 */
function LockedInput({ children, ...props }: { children: ReactElement }) {
  return (
    <ConfigProvider componentDisabled>
      {cloneElement(children, {
        ...props,
        id: (children.props as { id?: string }).id ?? (props as { id?: string }).id, // the input's own id stays
        "aria-readonly": true,
        title: "You may not change this field",
      })}
    </ConfigProvider>
  );
}

/** The form input of a column: disabled when the operator may not write it. */
export function lockable(column: Pick<ColumnInfo, "read_only">, input: ReactElement): ReactElement {
  return writable(column) ? input : <LockedInput>{input}</LockedInput>;
}
