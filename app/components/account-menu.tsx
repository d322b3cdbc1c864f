import type { ReactNode } from "react";
import { Form, Link } from "react-router";

import { Dropdown } from "~/components/dropdown";
import { UserAvatar } from "~/components/user-avatar";
import type { SessionUser } from "~/utils/session-user";

/**
 * The signed-in user's menu: name (or 'User') and e-mail, then Settings and Logout (a POST);
 * the public site's header adds a way to the Dashboard. A <details> dropdown, so it opens
 * with the keyboard and without JavaScript.
 */
export function AccountMenu({
  user,
  withDashboard = false,
  children,
}: {
  user: SessionUser;
  withDashboard?: boolean;
  /** More rows after Settings (the app's Keyboard shortcuts). */
  children?: ReactNode;
}) {
  return (
    <Dropdown label="Account menu" summary={<UserAvatar user={user} />} summaryShape="round">
      <div className="pl-menu-head">
        <p className="pl-menu-title">{user.fullName || "User"}</p>
        <p className="pl-menu-subtitle">{user.email}</p>
      </div>
      <hr className="pl-menu-divider" />
      <nav aria-label="Account">
        {withDashboard ? (
          <Link to="/app/dashboard" className="pl-menu-item">
            Dashboard
          </Link>
        ) : null}
        <Link to="/app/settings" className="pl-menu-item">
          Settings
        </Link>
        {children}
      </nav>
      <Form method="post" action="/auth/signout">
        <button type="submit" className="pl-menu-item">
          Logout
        </button>
      </Form>
    </Dropdown>
  );
}
