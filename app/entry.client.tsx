import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

import { sendClientIdWithRequests } from "./utils/client-id";
import { renderedOnDemand } from "./utils/on-demand";

sendClientIdWithRequests();

// The code of what the server rendered on demand first (app/utils/on-demand.tsx): hydrating
// without it would leave that markup to a later pass, or replace it with nothing.
void renderedOnDemand().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
