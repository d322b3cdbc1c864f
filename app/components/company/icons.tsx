import BeachAccessOutlined from "@mui/icons-material/BeachAccessOutlined";
import BoltOutlined from "@mui/icons-material/BoltOutlined";
import DesktopMacOutlined from "@mui/icons-material/DesktopMacOutlined";
import FavoriteBorderOutlined from "@mui/icons-material/FavoriteBorderOutlined";
import HealthAndSafetyOutlined from "@mui/icons-material/HealthAndSafetyOutlined";
import LightbulbOutlined from "@mui/icons-material/LightbulbOutlined";
import PublicOutlined from "@mui/icons-material/PublicOutlined";
import SchoolOutlined from "@mui/icons-material/SchoolOutlined";
import SpaOutlined from "@mui/icons-material/SpaOutlined";
import TrendingUpOutlined from "@mui/icons-material/TrendingUpOutlined";
import VisibilityOutlined from "@mui/icons-material/VisibilityOutlined";

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
