import Button, { type ButtonProps } from "@mui/material/Button";
import { lazy, Suspense, useState } from "react";
import { Link, useLocation } from "react-router";

// The dialog brings Conform and zod; most visitors never open it, so it loads on demand.
const DemoRequestDialog = lazy(() => import("./demo-request-form"));

/** Request Demo / Schedule a Demo: a dialog with JavaScript, the /request-demo page without. */
export function RequestDemoButton({ children, ...props }: ButtonProps) {
  // Open only on the page it was opened on: the redirect after a successful request is a
  // new location, which closes the dialog and leaves the success toast in view.
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  return (
    <>
      <Button
        component={Link}
        to="/request-demo"
        onClick={(event: React.MouseEvent) => {
          event.preventDefault();
          setOpenOn(location.key);
        }}
        {...props}
      >
        {children}
      </Button>
      {openOn !== null ? (
        <Suspense fallback={null}>
          <DemoRequestDialog open={open} onClose={() => setOpenOn(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
