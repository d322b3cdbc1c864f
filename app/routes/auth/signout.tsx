import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { Form, Link as RouterLink, redirect, useNavigation } from "react-router";

import { optionalUser, supabaseFor } from "~/.server/auth/session";
import { redirectWithToast } from "~/.server/toast";
import { AuthLayout } from "~/components/auth/auth-layout";
import { SubmitButton } from "~/components/forms/fields";
import type { Route } from "./+types/signout";

export const meta: Route.MetaFunction = () => [
  { title: "Sign Out · Plotline" },
  { name: "robots", content: "noindex" },
];

/**
 * Signing out is a POST (a link could be followed by a prefetcher or another site). A GET
 * shows a confirmation with the button when signed in, and goes home otherwise.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await optionalUser(context);
  if (!user) throw redirect("/");
  return { email: user.email ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { error } = await supabaseFor(context).auth.signOut();
  if (error) {
    return redirectWithToast("/", { title: "Sign out failed", description: error.message, variant: "error" }, request);
  }
  return redirectWithToast("/", { title: "Signed out successfully.", variant: "success" }, request);
}

export default function SignOut({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <AuthLayout title="Sign out" subtitle={`You are signed in as ${loaderData.email}.`}>
      <Form method="post" action="/auth/signout">
        <Stack spacing={1.5}>
          <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Signing Out..." fullWidth>
            Sign out
          </SubmitButton>
          <Button component={RouterLink} to="/app/dashboard" size="large" fullWidth>
            Back to the dashboard
          </Button>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
