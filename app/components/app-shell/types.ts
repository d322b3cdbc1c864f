import type { SessionUser } from "~/utils/session-user";

/** What the app layout's loader hands the shell. */
export type ShellWorkspace = {
  id: string;
  name: string;
  role: "owner" | "admin" | "editor" | "viewer";
  personal: boolean;
  canCreateProject: boolean;
  /** The first few by name (SIDEBAR_PROJECTS); `projectCount` says how many there are. */
  projects: { id: string; name: string; color: string }[];
  projectCount: number;
};

export type ShellNotification = {
  id: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  createdAt: string;
};

export type ShellData = {
  user: SessionUser;
  workspaces: ShellWorkspace[];
  starred: { id: string; name: string; color: string }[];
  starredCount: number;
  notifications: { items: ShellNotification[]; unread: number };
  sidebarOpen: boolean;
  /** The real-time stream's starting point: the last event delivered when the page was made. */
  streamFrom: number | null;
};
