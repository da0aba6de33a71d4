// AdminIconName (ejb-module AdminIcon, the spec's ADMIN_ICON_NAMES) -> Ant Design icons.
import {
  AppstoreOutlined, CloudOutlined, CloudServerOutlined, DashboardOutlined, DatabaseOutlined, DollarOutlined,
  FileTextOutlined, GlobalOutlined, KeyOutlined, LineChartOutlined, LockOutlined, MessageOutlined,
  NotificationOutlined, SafetyOutlined, SettingOutlined, TagsOutlined, TeamOutlined, ThunderboltOutlined,
  TrophyOutlined, UserOutlined,
} from "@ant-design/icons";

const ICONS = {
  user: UserOutlined, team: TeamOutlined, safety: SafetyOutlined, trophy: TrophyOutlined,
  "file-text": FileTextOutlined, setting: SettingOutlined, "line-chart": LineChartOutlined,
  database: DatabaseOutlined, thunderbolt: ThunderboltOutlined, key: KeyOutlined, cloud: CloudOutlined,
  global: GlobalOutlined, dashboard: DashboardOutlined, dollar: DollarOutlined, notification: NotificationOutlined,
  lock: LockOutlined, tags: TagsOutlined, message: MessageOutlined, appstore: AppstoreOutlined,
  "cloud-server": CloudServerOutlined,
};

/** The icon element of an AdminIconName; unknown names fall back to database. */
export function ResourceIcon({ name, ...props }) {
  const Icon = ICONS[name] || DatabaseOutlined;
  return <Icon data-icon={ICONS[name] ? name : "database"} {...props} />;
}
