import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import { Form } from "react-router";

import { GitHub as GitHubIcon, Google as GoogleIcon } from "~/components/icons/material";
import type { OAuthProvider } from "~/validation/auth";

const PROVIDERS: { value: OAuthProvider; label: string; icon: React.ReactNode }[] = [
  { value: "google", label: "Continue with Google", icon: <GoogleIcon /> },
  { value: "github", label: "Continue with GitHub", icon: <GitHubIcon /> },
];

/**
 * "Continue with Google / GitHub": a plain form post (intent=oauth, provider=…) that the
 * route's action answers with a redirect to the provider. The chosen button shows a
 * spinner while it is pending.
 */
export function OAuthButtons({ pending, disabled }: { pending: OAuthProvider | null; disabled: boolean }) {
  return (
    <Form method="post" aria-label="Continue with a provider">
      <input type="hidden" name="intent" value="oauth" />
      <Stack spacing={1.5}>
        {PROVIDERS.map((provider) => (
          <Button
            key={provider.value}
            type="submit"
            name="provider"
            value={provider.value}
            variant="outlined"
            color="inherit"
            size="large"
            fullWidth
            disabled={disabled}
            aria-busy={pending === provider.value || undefined}
            startIcon={
              pending === provider.value ? <CircularProgress size={20} color="inherit" aria-hidden /> : provider.icon
            }
            sx={{ textTransform: "none", borderColor: "divider" }}
          >
            {provider.label}
          </Button>
        ))}
      </Stack>
    </Form>
  );
}
