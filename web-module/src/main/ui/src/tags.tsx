// Coloured tags with WCAG AA contrast: antd's preset tag colours put the palette's 7th shade on
// its 1st (green 3.4:1, gold 2.9:1, under axe-core's 4.5:1); these keep the look with the 9th shade as text.
import { Tag, type TagProps } from "antd";

/** [text, background, border] per preset colour name (Ant Design palettes: shades 9, 1 and 3). */
const PALETTE: Record<string, [string, string, string]> = {
  green: ["#135200", "#f6ffed", "#b7eb8f"],
  red: ["#820014", "#fff1f0", "#ffa39e"],
  blue: ["#002c8c", "#e6f4ff", "#91caff"],
  gold: ["#874d00", "#fffbe6", "#ffe58f"],
  volcano: ["#871400", "#fff2e8", "#ffbb96"],
  cyan: ["#00474f", "#e6fffb", "#87e8de"],
  orange: ["#873800", "#fff7e6", "#ffd591"],
  purple: ["#22075e", "#f9f0ff", "#d3adf7"],
  geekblue: ["#061178", "#f0f5ff", "#adc6ff"],
};

/** Tag props plus the data-* attributes the browser tests read. */
export type ColorTagProps = TagProps & { color?: string; [data: `data-${string}`]: string | undefined };

/** An antd Tag whose preset `color` is drawn with accessible contrast; other colours pass through. */
export function ColorTag({ color, style, ...rest }: ColorTagProps) {
  const shades = color ? PALETTE[color] : undefined;
  if (!shades) return <Tag color={color === "default" ? undefined : color} style={style} {...rest} />;
  const [text, background, border] = shades;
  return <Tag style={{ color: text, background, borderColor: border, ...style }} data-color={color} {...rest} />;
}
