import MuiAccessTimeOutlined from "@mui/icons-material/AccessTimeOutlined";
import MuiAccountTreeOutlined from "@mui/icons-material/AccountTreeOutlined";
import MuiAdd from "@mui/icons-material/Add";
import MuiAddCommentOutlined from "@mui/icons-material/AddCommentOutlined";
import MuiApartmentOutlined from "@mui/icons-material/ApartmentOutlined";
import MuiArrowBack from "@mui/icons-material/ArrowBack";
import MuiArrowForward from "@mui/icons-material/ArrowForward";
import MuiRepeat from "@mui/icons-material/Repeat";
import MuiAttachFile from "@mui/icons-material/AttachFile";
import MuiAutoAwesome from "@mui/icons-material/AutoAwesome";
import MuiAutoMode from "@mui/icons-material/AutoMode";
import MuiBeachAccessOutlined from "@mui/icons-material/BeachAccessOutlined";
import MuiBolt from "@mui/icons-material/Bolt";
import MuiBoltOutlined from "@mui/icons-material/BoltOutlined";
import MuiBugReportOutlined from "@mui/icons-material/BugReportOutlined";
import MuiCalendarMonthOutlined from "@mui/icons-material/CalendarMonthOutlined";
import MuiCheck from "@mui/icons-material/Check";
import MuiCheckBoxOutlined from "@mui/icons-material/CheckBoxOutlined";
import MuiCheckCircleOutlineOutlined from "@mui/icons-material/CheckCircleOutlineOutlined";
import MuiClose from "@mui/icons-material/Close";
import MuiCode from "@mui/icons-material/Code";
import MuiContentCopy from "@mui/icons-material/ContentCopy";
import MuiDarkModeOutlined from "@mui/icons-material/DarkModeOutlined";
import MuiDashboardOutlined from "@mui/icons-material/DashboardOutlined";
import MuiDeleteOutlined from "@mui/icons-material/DeleteOutlined";
import MuiDesktopMacOutlined from "@mui/icons-material/DesktopMacOutlined";
import MuiDragIndicator from "@mui/icons-material/DragIndicator";
import MuiEditOutlined from "@mui/icons-material/EditOutlined";
import MuiEmailOutlined from "@mui/icons-material/EmailOutlined";
import MuiExpandMore from "@mui/icons-material/ExpandMore";
import MuiFavoriteBorderOutlined from "@mui/icons-material/FavoriteBorderOutlined";
import MuiFilterList from "@mui/icons-material/FilterList";
import MuiFormatBold from "@mui/icons-material/FormatBold";
import MuiFormatItalic from "@mui/icons-material/FormatItalic";
import MuiFormatListBulleted from "@mui/icons-material/FormatListBulleted";
import MuiFormatListNumbered from "@mui/icons-material/FormatListNumbered";
import MuiFormatQuote from "@mui/icons-material/FormatQuote";
import MuiForumOutlined from "@mui/icons-material/ForumOutlined";
import MuiGitHub from "@mui/icons-material/GitHub";
import MuiGoogle from "@mui/icons-material/Google";
import MuiGroupAddOutlined from "@mui/icons-material/GroupAddOutlined";
import MuiGroupOutlined from "@mui/icons-material/GroupOutlined";
import MuiHealthAndSafetyOutlined from "@mui/icons-material/HealthAndSafetyOutlined";
import MuiHistoryOutlined from "@mui/icons-material/HistoryOutlined";
import MuiInsertDriveFileOutlined from "@mui/icons-material/InsertDriveFileOutlined";
import MuiLightModeOutlined from "@mui/icons-material/LightModeOutlined";
import MuiLightbulbOutlined from "@mui/icons-material/LightbulbOutlined";
import MuiLink from "@mui/icons-material/Link";
import MuiLocationOnOutlined from "@mui/icons-material/LocationOnOutlined";
import MuiManageAccountsOutlined from "@mui/icons-material/ManageAccountsOutlined";
import MuiMapOutlined from "@mui/icons-material/MapOutlined";
import MuiMenu from "@mui/icons-material/Menu";
import MuiMenuBookOutlined from "@mui/icons-material/MenuBookOutlined";
import MuiNewReleasesOutlined from "@mui/icons-material/NewReleasesOutlined";
import MuiOpenInNew from "@mui/icons-material/OpenInNew";
import MuiPhoneOutlined from "@mui/icons-material/PhoneOutlined";
import MuiPlaceOutlined from "@mui/icons-material/PlaceOutlined";
import MuiPublicOutlined from "@mui/icons-material/PublicOutlined";
import MuiRssFeed from "@mui/icons-material/RssFeed";
import MuiSaveAsOutlined from "@mui/icons-material/SaveAsOutlined";
import MuiSchedule from "@mui/icons-material/Schedule";
import MuiSchoolOutlined from "@mui/icons-material/SchoolOutlined";
import MuiSearch from "@mui/icons-material/Search";
import MuiSellOutlined from "@mui/icons-material/SellOutlined";
import MuiSettingsBrightnessOutlined from "@mui/icons-material/SettingsBrightnessOutlined";
import MuiSettingsOutlined from "@mui/icons-material/SettingsOutlined";
import MuiShare from "@mui/icons-material/Share";
import MuiShield from "@mui/icons-material/Shield";
import MuiSpaOutlined from "@mui/icons-material/SpaOutlined";
import MuiStar from "@mui/icons-material/Star";
import MuiStarBorder from "@mui/icons-material/StarBorder";
import MuiTrendingUpOutlined from "@mui/icons-material/TrendingUpOutlined";
import MuiViewKanban from "@mui/icons-material/ViewKanban";
import MuiViewKanbanOutlined from "@mui/icons-material/ViewKanbanOutlined";
import MuiViewQuilt from "@mui/icons-material/ViewQuilt";
import MuiVisibility from "@mui/icons-material/Visibility";
import MuiVisibilityOff from "@mui/icons-material/VisibilityOff";
import MuiVisibilityOutlined from "@mui/icons-material/VisibilityOutlined";

import { staticIcon } from "./static-icon";

/**
 * The Material icons the app shows, each a plain `<svg>` styled by class (static-icon.tsx):
 * import icons from here, not from @mui/icons-material. Each line is marked pure, so a
 * bundle keeps only the icons its pages use.
 */
export const AccessTimeOutlined = /* @__PURE__ */ staticIcon(MuiAccessTimeOutlined, "AccessTimeOutlined");
export const AccountTreeOutlined = /* @__PURE__ */ staticIcon(MuiAccountTreeOutlined, "AccountTreeOutlined");
export const Add = /* @__PURE__ */ staticIcon(MuiAdd, "Add");
export const AddCommentOutlined = /* @__PURE__ */ staticIcon(MuiAddCommentOutlined, "AddCommentOutlined");
export const ApartmentOutlined = /* @__PURE__ */ staticIcon(MuiApartmentOutlined, "ApartmentOutlined");
export const ArrowBack = /* @__PURE__ */ staticIcon(MuiArrowBack, "ArrowBack");
export const ArrowForward = /* @__PURE__ */ staticIcon(MuiArrowForward, "ArrowForward");
export const AttachFile = /* @__PURE__ */ staticIcon(MuiAttachFile, "AttachFile");
export const Repeat = /* @__PURE__ */ staticIcon(MuiRepeat, "Repeat");
export const AutoAwesome = /* @__PURE__ */ staticIcon(MuiAutoAwesome, "AutoAwesome");
export const AutoMode = /* @__PURE__ */ staticIcon(MuiAutoMode, "AutoMode");
export const BeachAccessOutlined = /* @__PURE__ */ staticIcon(MuiBeachAccessOutlined, "BeachAccessOutlined");
export const Bolt = /* @__PURE__ */ staticIcon(MuiBolt, "Bolt");
export const BoltOutlined = /* @__PURE__ */ staticIcon(MuiBoltOutlined, "BoltOutlined");
export const BugReportOutlined = /* @__PURE__ */ staticIcon(MuiBugReportOutlined, "BugReportOutlined");
export const CalendarMonthOutlined = /* @__PURE__ */ staticIcon(MuiCalendarMonthOutlined, "CalendarMonthOutlined");
export const Check = /* @__PURE__ */ staticIcon(MuiCheck, "Check");
export const CheckBoxOutlined = /* @__PURE__ */ staticIcon(MuiCheckBoxOutlined, "CheckBoxOutlined");
export const CheckCircleOutlineOutlined = /* @__PURE__ */ staticIcon(
  MuiCheckCircleOutlineOutlined,
  "CheckCircleOutlineOutlined",
);
export const Close = /* @__PURE__ */ staticIcon(MuiClose, "Close");
export const Code = /* @__PURE__ */ staticIcon(MuiCode, "Code");
export const ContentCopy = /* @__PURE__ */ staticIcon(MuiContentCopy, "ContentCopy");
export const DarkModeOutlined = /* @__PURE__ */ staticIcon(MuiDarkModeOutlined, "DarkModeOutlined");
export const DashboardOutlined = /* @__PURE__ */ staticIcon(MuiDashboardOutlined, "DashboardOutlined");
export const DeleteOutlined = /* @__PURE__ */ staticIcon(MuiDeleteOutlined, "DeleteOutlined");
export const DesktopMacOutlined = /* @__PURE__ */ staticIcon(MuiDesktopMacOutlined, "DesktopMacOutlined");
export const DragIndicator = /* @__PURE__ */ staticIcon(MuiDragIndicator, "DragIndicator");
export const EditOutlined = /* @__PURE__ */ staticIcon(MuiEditOutlined, "EditOutlined");
export const EmailOutlined = /* @__PURE__ */ staticIcon(MuiEmailOutlined, "EmailOutlined");
export const ExpandMore = /* @__PURE__ */ staticIcon(MuiExpandMore, "ExpandMore");
export const FavoriteBorderOutlined = /* @__PURE__ */ staticIcon(MuiFavoriteBorderOutlined, "FavoriteBorderOutlined");
export const FilterList = /* @__PURE__ */ staticIcon(MuiFilterList, "FilterList");
export const FormatBold = /* @__PURE__ */ staticIcon(MuiFormatBold, "FormatBold");
export const FormatItalic = /* @__PURE__ */ staticIcon(MuiFormatItalic, "FormatItalic");
export const FormatListBulleted = /* @__PURE__ */ staticIcon(MuiFormatListBulleted, "FormatListBulleted");
export const FormatListNumbered = /* @__PURE__ */ staticIcon(MuiFormatListNumbered, "FormatListNumbered");
export const FormatQuote = /* @__PURE__ */ staticIcon(MuiFormatQuote, "FormatQuote");
export const ForumOutlined = /* @__PURE__ */ staticIcon(MuiForumOutlined, "ForumOutlined");
export const GitHub = /* @__PURE__ */ staticIcon(MuiGitHub, "GitHub");
export const Google = /* @__PURE__ */ staticIcon(MuiGoogle, "Google");
export const GroupAddOutlined = /* @__PURE__ */ staticIcon(MuiGroupAddOutlined, "GroupAddOutlined");
export const GroupOutlined = /* @__PURE__ */ staticIcon(MuiGroupOutlined, "GroupOutlined");
export const HealthAndSafetyOutlined = /* @__PURE__ */ staticIcon(
  MuiHealthAndSafetyOutlined,
  "HealthAndSafetyOutlined",
);
export const HistoryOutlined = /* @__PURE__ */ staticIcon(MuiHistoryOutlined, "HistoryOutlined");
export const InsertDriveFileOutlined = /* @__PURE__ */ staticIcon(
  MuiInsertDriveFileOutlined,
  "InsertDriveFileOutlined",
);
export const LightModeOutlined = /* @__PURE__ */ staticIcon(MuiLightModeOutlined, "LightModeOutlined");
export const LightbulbOutlined = /* @__PURE__ */ staticIcon(MuiLightbulbOutlined, "LightbulbOutlined");
export const Link = /* @__PURE__ */ staticIcon(MuiLink, "Link");
export const LocationOnOutlined = /* @__PURE__ */ staticIcon(MuiLocationOnOutlined, "LocationOnOutlined");
export const ManageAccountsOutlined = /* @__PURE__ */ staticIcon(MuiManageAccountsOutlined, "ManageAccountsOutlined");
export const MapOutlined = /* @__PURE__ */ staticIcon(MuiMapOutlined, "MapOutlined");
export const Menu = /* @__PURE__ */ staticIcon(MuiMenu, "Menu");
export const MenuBookOutlined = /* @__PURE__ */ staticIcon(MuiMenuBookOutlined, "MenuBookOutlined");
export const NewReleasesOutlined = /* @__PURE__ */ staticIcon(MuiNewReleasesOutlined, "NewReleasesOutlined");
export const OpenInNew = /* @__PURE__ */ staticIcon(MuiOpenInNew, "OpenInNew");
export const PhoneOutlined = /* @__PURE__ */ staticIcon(MuiPhoneOutlined, "PhoneOutlined");
export const PlaceOutlined = /* @__PURE__ */ staticIcon(MuiPlaceOutlined, "PlaceOutlined");
export const PublicOutlined = /* @__PURE__ */ staticIcon(MuiPublicOutlined, "PublicOutlined");
export const RssFeed = /* @__PURE__ */ staticIcon(MuiRssFeed, "RssFeed");
export const SaveAsOutlined = /* @__PURE__ */ staticIcon(MuiSaveAsOutlined, "SaveAsOutlined");
export const Schedule = /* @__PURE__ */ staticIcon(MuiSchedule, "Schedule");
export const SchoolOutlined = /* @__PURE__ */ staticIcon(MuiSchoolOutlined, "SchoolOutlined");
export const Search = /* @__PURE__ */ staticIcon(MuiSearch, "Search");
export const SellOutlined = /* @__PURE__ */ staticIcon(MuiSellOutlined, "SellOutlined");
export const SettingsBrightnessOutlined = /* @__PURE__ */ staticIcon(
  MuiSettingsBrightnessOutlined,
  "SettingsBrightnessOutlined",
);
export const SettingsOutlined = /* @__PURE__ */ staticIcon(MuiSettingsOutlined, "SettingsOutlined");
export const Share = /* @__PURE__ */ staticIcon(MuiShare, "Share");
export const Shield = /* @__PURE__ */ staticIcon(MuiShield, "Shield");
export const SpaOutlined = /* @__PURE__ */ staticIcon(MuiSpaOutlined, "SpaOutlined");
export const Star = /* @__PURE__ */ staticIcon(MuiStar, "Star");
export const StarBorder = /* @__PURE__ */ staticIcon(MuiStarBorder, "StarBorder");
export const TrendingUpOutlined = /* @__PURE__ */ staticIcon(MuiTrendingUpOutlined, "TrendingUpOutlined");
export const ViewKanban = /* @__PURE__ */ staticIcon(MuiViewKanban, "ViewKanban");
export const ViewKanbanOutlined = /* @__PURE__ */ staticIcon(MuiViewKanbanOutlined, "ViewKanbanOutlined");
export const ViewQuilt = /* @__PURE__ */ staticIcon(MuiViewQuilt, "ViewQuilt");
export const Visibility = /* @__PURE__ */ staticIcon(MuiVisibility, "Visibility");
export const VisibilityOff = /* @__PURE__ */ staticIcon(MuiVisibilityOff, "VisibilityOff");
export const VisibilityOutlined = /* @__PURE__ */ staticIcon(MuiVisibilityOutlined, "VisibilityOutlined");
