import type { z } from "zod";

import { writeWithActivity, type ActivityInput, type RecordActivity } from "../activity/use-case";
import type { Transaction } from "../db/client";
import { FieldError, ForbiddenError, NotFoundError } from "../errors";
import type { Action } from "../policies";
import { mayWrite, type Principal } from "./principal";

/**
 * Commands: every write Plotline knows, each defined once with its input schema and the
 * policy action it asks for, run inside a unit of work (one transaction, its activity rows,
 * its events after commit). A page's intent, an API call, the assistant's Apply, a bulk
 * edit or a template's use all run the same commands; composite writes share one unit of
 * work, so they commit or roll back whole.
 */
export type UnitOfWork = {
  tx: Transaction;
  /** Appends an activity row (and so an event) in this unit of work. */
  record: RecordActivity;
  principal: Principal;
  /** Runs once the unit of work has committed (remove a file the change let go of). */
  afterCommit(effect: () => Promise<unknown>): void;
  /** Runs if it rolls back (remove a file written for a row that never was). */
  onRollback(effect: () => Promise<unknown>): void;
};

export type Command<Input = unknown, Output = unknown> = {
  name: string;
  input: z.ZodType<unknown, Input>;
  /**
   * The policy action the command checks (against the entity's state, in `run`); null for
   * a write of the member's own that no workspace role weighs (a profile, a token, a new
   * workspace).
   */
  policy: Action | null;
  run(uow: UnitOfWork, input: never): Promise<Output>;
  /** Wraps the whole transaction when the command runs on its own (a retry on a position race). */
  around?: <T>(attempt: () => Promise<T>) => Promise<T>;
};

type Definition<S extends z.ZodType, Output> = {
  name: string;
  input: S;
  policy: Action | null;
  run(uow: UnitOfWork, input: z.output<S>): Promise<Output>;
  around?: <T>(attempt: () => Promise<T>) => Promise<T>;
};

const registry = new Map<string, Command>();

export function defineCommand<S extends z.ZodType, Output>(
  definition: Definition<S, Output>,
): Command<z.input<S>, Output> {
  if (registry.has(definition.name)) throw new Error(`Command ${definition.name} is defined twice`);
  const command = definition as unknown as Command<z.input<S>, Output>;
  registry.set(definition.name, command);
  return command;
}

/** Every command defined so far (app/.server/commands/index.ts loads them all). */
export function registeredCommands(): Command[] {
  return [...registry.values()];
}

/** Runs one command in a unit of work of its own. */
export async function execute<Input, Output>(
  command: Command<Input, Output>,
  principal: Principal,
  input: Input,
): Promise<Output> {
  const parsed = parseInput(command, input);
  const attempt = () => inUnitOfWork(principal, (uow) => runChecked(uow, command, parsed));
  return command.around ? command.around(attempt) : attempt();
}

/** Runs a command inside a unit of work already open: it commits or rolls back with the rest. */
export async function within<Input, Output>(
  uow: UnitOfWork,
  command: Command<Input, Output>,
  input: Input,
): Promise<Output> {
  return runChecked(uow, command, parseInput(command, input));
}

/**
 * Opens a unit of work: one transaction for everything `work` does, commands run `within`
 * it included. A principal bound to a workspace (a token, a rule) cannot record activity
 * in another one: the whole unit rolls back as not found, whatever the command forgot.
 */
export async function inUnitOfWork<T>(principal: Principal, work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  const committed: (() => Promise<unknown>)[] = [];
  const rolledBack: (() => Promise<unknown>)[] = [];
  let result: T;
  try {
    result = await writeWithActivity(principal, (tx, record) =>
      work({
        tx,
        principal,
        record: bound(principal, record),
        afterCommit: (effect) => committed.push(effect),
        onRollback: (effect) => rolledBack.push(effect),
      }),
    );
  } catch (error) {
    await Promise.allSettled(rolledBack.map((effect) => effect()));
    throw error;
  }
  await Promise.allSettled(committed.map((effect) => effect()));
  return result;
}

function bound(principal: Principal, record: RecordActivity): RecordActivity {
  if (!principal.workspaceId) return record;
  return async (entry: ActivityInput | ActivityInput[]) => {
    for (const one of Array.isArray(entry) ? entry : [entry]) {
      if (one.workspaceId && one.workspaceId !== principal.workspaceId) throw new NotFoundError("Workspace");
    }
    await record(entry);
  };
}

async function runChecked<Output>(uow: UnitOfWork, command: Command<unknown, Output>, input: unknown) {
  if (!mayWrite(uow.principal)) {
    throw new ForbiddenError("This token is read-only: make a read & write token to change things.");
  }
  return command.run(uow, input as never);
}

/** The command's own schema has the last word on its input: a refusal names the field. */
function parseInput(command: Command, input: unknown) {
  const parsed = command.input.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new FieldError(String(issue?.path[0] ?? ""), issue?.message ?? "This input is not valid.");
}
