import type { CSSObject, Theme } from "@mui/material/styles";

import { mobileNavStyles, shellBodyStyles } from "~/components/app-shell/app-shell";
import { assistantWidgetStyles } from "~/components/assistant/assistant-widget";
import { notificationListStyles } from "~/components/app-shell/notifications-menu";
import { sidebarStyles } from "~/components/app-shell/sidebar";
import { searchFormStyles, topBarStyles } from "~/components/app-shell/top-bar";
import { avatarStyles } from "~/components/avatar";
import { dropdownStyles } from "~/components/dropdown";
import { iconStyles } from "~/components/icons/static-icon";
import { listBaseStyles } from "~/components/lists/styles";
import { logoStyles } from "~/components/logo";
import { mentionChipStyles } from "~/components/mentions/mention-styles";
import { projectPageStyles } from "~/components/project/project-header";
import { viewNavStyles } from "~/components/project/view-nav";
import { dashboardPageStyles } from "~/components/dashboard/dashboard-page";
import { projectGridStyles } from "~/components/dashboard/project-grid";
import { myWorkStyles } from "~/components/tasks/my-work";
import { quickAddStyles } from "~/components/tasks/quick-add";
import { taskListStyles } from "~/components/tasks/task-list";
import { THEME_SWITCHING_ATTRIBUTE } from "./switch-theme";

/**
 * The CSS of what every page shows, keyed by class name: the Material icons, the app
 * shell (top bar, sidebar, dropdowns, logo, avatar, the assistant's button), the pieces repeated
 * items share, the dashboard, and a project's head, view links and List view (its default),
 * and the @mention chips of rendered Markdown. It goes into the theme stylesheet made once per process (app/.server/theme/global-stylesheet.tsx, decision 012): emotion
 * rendered it into every page, serializing and hashing each element's rules on every
 * request. Every colour is a theme CSS variable, so one sheet serves every request and
 * colour scheme. The entries follow the order in which the page renders them (as emotion
 * inserted them), so equal selectors resolve as before.
 */
export function staticStyles(theme: Theme): CSSObject {
  return {
    // A native select is as wide as its longest option (a workspace's or a member's name): on a
    // phone that widened the page. It, and a file field, stay within their container.
    "select, input[type=file]": { maxWidth: "100%" },
    ...iconStyles(theme),
    ...listBaseStyles(theme),
    ".pl-top-bar": topBarStyles(theme),
    ".pl-mobile-nav": mobileNavStyles(theme),
    ".pl-logo": logoStyles(theme),
    ".pl-search-form": searchFormStyles(theme),
    ".pl-dropdown": dropdownStyles(theme),
    ...avatarStyles(theme),
    ".pl-user-avatar": { "--avatar-size": "32px" },
    ".pl-notification-list": notificationListStyles(theme),
    ".pl-shell-body": shellBodyStyles(theme),
    ".pl-sidebar": sidebarStyles(theme),
    ".pl-dashboard": dashboardPageStyles(theme),
    ".pl-my-work": myWorkStyles(theme),
    ".pl-project-grid": projectGridStyles(theme),
    ".pl-project-page": projectPageStyles(theme),
    ".pl-view-nav": viewNavStyles(theme),
    ".pl-task-list": taskListStyles(theme),
    ...quickAddStyles(theme),
    ".pl-ai-widget": assistantWidgetStyles(theme),
    ...mentionChipStyles(theme),
    // While the colour scheme switches (switch-theme.ts).
    [`html[${THEME_SWITCHING_ATTRIBUTE}] *, html[${THEME_SWITCHING_ATTRIBUTE}] *::before, html[${THEME_SWITCHING_ATTRIBUTE}] *::after`]:
      { transition: "none !important" },
  };
}
