import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import { Form, useSubmit } from "react-router";

/** Which workspace's team to show: a GET form, applied on change when JavaScript runs. */
export function WorkspaceSwitcher({
  workspaces,
  current,
}: {
  workspaces: { id: string; name: string }[];
  current: string;
}) {
  const submit = useSubmit();
  return (
    <Form method="get" onChange={(event) => void submit(event.currentTarget)} style={{ display: "flex", gap: 8 }}>
      <TextField
        select
        size="small"
        label="Workspace"
        name="workspace"
        defaultValue={current}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ width: 240 }}
      >
        {workspaces.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspace.name}
          </option>
        ))}
      </TextField>
      <noscript>
        <Button type="submit" variant="outlined">
          Switch
        </Button>
      </noscript>
    </Form>
  );
}
