// AdminIconName (ejb-module AdminIcon, the requirements' ADMIN_ICON_NAMES) -> Ant Design icons.
import type { ComponentType, CSSProperties } from "react";
import {
  AppstoreOutlined, CloudOutlined, CloudServerOutlined, DashboardOutlined, DatabaseOutlined, DollarOutlined,
  FileTextOutlined, GlobalOutlined, KeyOutlined, LineChartOutlined, LockOutlined, MessageOutlined,
  NotificationOutlined, SafetyOutlined, SettingOutlined, TagsOutlined, TeamOutlined, ThunderboltOutlined,
  TrophyOutlined, UserOutlined,
} from "@ant-design/icons";
import type { AdminIcon } from "./types";

type IconProps = { "data-icon"?: string; className?: string; style?: CSSProperties };

/** Every name of the wire's AdminIcon enum: a new name in openapi/warden-admin.yaml fails the build here. */
const ICONS: Record<AdminIcon, ComponentType<IconProps>> = {
  user: UserOutlined, team: TeamOutlined, safety: SafetyOutlined, trophy: TrophyOutlined,
  "file-text": FileTextOutlined, setting: SettingOutlined, "line-chart": LineChartOutlined,
  database: DatabaseOutlined, thunderbolt: ThunderboltOutlined, key: KeyOutlined, cloud: CloudOutlined,
  global: GlobalOutlined, dashboard: DashboardOutlined, dollar: DollarOutlined, notification: NotificationOutlined,
  lock: LockOutlined, tags: TagsOutlined, message: MessageOutlined, appstore: AppstoreOutlined,
  "cloud-server": CloudServerOutlined,
};

/** The icon element of an AdminIconName; unknown names (a newer server) fall back to database. */
export function ResourceIcon({ name, ...props }: { name: AdminIcon | string } & Omit<IconProps, "data-icon">) {
  const known = (ICONS as Record<string, ComponentType<IconProps> | undefined>)[name];
  const Icon = known ?? DatabaseOutlined;
  return <Icon data-icon={known ? name : "database"} {...props} />;
}
