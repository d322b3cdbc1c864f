import type { CSSObject, Theme } from "@mui/material/styles";

import { mobileNavStyles, shellBodyStyles } from "~/components/app-shell/app-shell";
import { assistantWidgetStyles } from "~/components/assistant/assistant-widget";
import { notificationListStyles } from "~/components/app-shell/notifications-menu";
import { sidebarStyles } from "~/components/app-shell/sidebar";
import { searchFormStyles, topBarStyles } from "~/components/app-shell/top-bar";
import { dropdownStyles } from "~/components/dropdown";
import { listBaseStyles } from "~/components/lists/styles";
import { logoStyles } from "~/components/logo";
import { viewNavStyles } from "~/components/project/view-nav";
import { taskListStyles } from "~/components/tasks/task-list";

/**
 * The CSS of what every page shows (the app shell: top bar, sidebar, dropdowns, logo, the assistant's button, and
 * the pieces repeated items share; a project's view links and its List view, the default), keyed by class name. It goes into the theme
 * stylesheet made once per process (app/.server/theme/global-stylesheet.tsx, decision
 * 012): emotion rendered it into every page, serializing and hashing each element's rules
 * on every request. Every value is a theme CSS variable, so one sheet serves every request
 * and colour scheme. In the order emotion inserted them, so equal selectors resolve alike.
 */
export function staticStyles(theme: Theme): CSSObject {
  return {
    ...listBaseStyles(theme),
    ".pl-top-bar": topBarStyles(theme),
    ".pl-mobile-nav": mobileNavStyles(theme),
    ".pl-logo": logoStyles(theme),
    ".pl-search-form": searchFormStyles(theme),
    ".pl-dropdown": dropdownStyles(theme),
    ".pl-notification-list": notificationListStyles(theme),
    ".pl-shell-body": shellBodyStyles(theme),
    ".pl-sidebar": sidebarStyles(theme),
    ".pl-ai-widget": assistantWidgetStyles(theme),
    ".pl-view-nav": viewNavStyles(theme),
    ".pl-task-list": taskListStyles(theme),
  };
}
