import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";

/** Beside a plan-limit message: where to see (and change) the plans. */
export function PricingLink() {
  return (
    <Typography variant="body2">
      <Link component={RouterLink} to="/pricing">
        Compare plans on the pricing page
      </Link>
    </Typography>
  );
}
