import {
  BeachAccessOutlined,
  BoltOutlined,
  DesktopMacOutlined,
  FavoriteBorderOutlined,
  HealthAndSafetyOutlined,
  LightbulbOutlined,
  PublicOutlined,
  SchoolOutlined,
  SpaOutlined,
  TrendingUpOutlined,
  VisibilityOutlined,
} from "~/components/icons/material";

type SvgIconComponent = typeof PublicOutlined;

/** The icon of each benefit, by the `icon` key of content/site/company.yaml. */
export const BENEFIT_ICONS: Record<
  "remote" | "health" | "learning" | "equipment" | "timeoff" | "equity",
  SvgIconComponent
> = {
  remote: PublicOutlined,
  health: HealthAndSafetyOutlined,
  learning: SchoolOutlined,
  equipment: DesktopMacOutlined,
  timeoff: BeachAccessOutlined,
  equity: TrendingUpOutlined,
};

const VALUE_ICONS: Record<string, SvgIconComponent> = {
  Innovation: LightbulbOutlined,
  Transparency: VisibilityOutlined,
  "User Empathy": FavoriteBorderOutlined,
  Velocity: BoltOutlined,
  Simplicity: SpaOutlined,
};

/** The icon of a core value, by its title; a light bulb for any value added later. */
export function valueIcon(title: string): SvgIconComponent {
  return VALUE_ICONS[title] ?? LightbulbOutlined;
}
