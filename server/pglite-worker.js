// The embedded database's own thread (app/.server/db/pglite-thread.ts starts it): PGlite's
// WebAssembly Postgres and its result parsing run here, so the request thread only renders.
// One message per statement, answered by id; a transaction stays open in here between its
// "begin" and its "commit" or "rollback", and PGlite queues every other statement behind it.
import { parentPort, workerData } from "node:worker_threads";

import { PGlite, parse, protocol } from "@electric-sql/pglite";

import { pgliteOptions } from "./pglite-settings.js";

const { dir, loadDataDir } = workerData;
/** @type {PGlite | undefined} */
let pglite;
try {
  pglite = await PGlite.create(dir, pgliteOptions(loadDataDir ? { loadDataDir } : {}));
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: describe(error) });
}

/**
 * A checkpoint a minute after the first statement since the last one: single-user Postgres
 * has no checkpointer, so without it everything written since the last checkpoint (up to
 * max_wal_size) is replayed when the server starts after a crash. It waits its turn behind
 * an open transaction, like any statement; with nothing written it costs next to nothing.
 */
const CHECKPOINT_AFTER_MS = 60_000;
let used = false;
let checkpointTimer;
function touched() {
  used = true;
  if (checkpointTimer) return;
  checkpointTimer = setTimeout(checkpoint, CHECKPOINT_AFTER_MS);
  checkpointTimer.unref();
}
async function checkpoint() {
  checkpointTimer = undefined;
  if (!used || !pglite || pglite.closed) return;
  used = false;
  try {
    await pglite.exec("checkpoint");
  } catch {
    // Closing meanwhile: the close checkpoints anyway.
  }
}

/** Open transactions by id: their PGlite handle and how to end them. */
const transactions = new Map();
const keepAsText = (value) => value;

parentPort.on("message", async (message) => {
  try {
    parentPort.postMessage({ id: message.id, result: await run(message) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: describe(error) });
  }
});

async function run({ op, sql, params, options, tx }) {
  if (op === "query" || op === "exec") touched();
  const target = tx === undefined ? pglite : transactions.get(tx)?.handle;
  if (!target) throw new Error(`transaction ${tx} is not open`);
  switch (op) {
    case "query":
      return tx === undefined
        ? namedQuery(sql, params ?? [], options)
        : target.query(sql, params, withParsers(options));
    case "exec":
      return target.exec(sql, withParsers(options));
    case "begin":
      return begin();
    case "commit":
    case "rollback":
      return end(tx, op);
    case "dump":
      return pglite.dumpDataDir(options?.compression);
    case "close":
      await pglite.close();
      return null;
    default:
      throw new Error(`unknown operation ${op}`);
  }
}

/**
 * Statements outside a transaction run as named prepared statements, parsed and described
 * once per text: PGlite's `query()` parses, describes and plans every statement again, in
 * six calls into the WebAssembly Postgres, which cost a page's simple lookups about twice
 * their execution (decision 012). This mirrors `query()` (the same locks, protocol messages,
 * parameter serializers and result parsing) with Bind/Execute on the kept statement. The
 * texts are the app's own; at most STATEMENT_LIMIT are kept, the least recently used closed.
 */
const statements = new Map();
const STATEMENT_LIMIT = 256;
let statementCount = 0;
const { serialize } = protocol;
const send = (message) => pglite.execProtocolStream(message, { syncToFs: false });

function namedQuery(text, params, options) {
  return pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      const messages = [];
      let synced = false;
      try {
        const statement = statements.get(text) ?? (await prepare(text));
        // Used last, closed last: the page's statements stay prepared whatever else runs.
        statements.delete(text);
        statements.set(text, statement);
        const values = params.map((value, index) => {
          if (value === null || value === undefined) return null;
          const type = statement.types[index];
          const serializer = pglite.serializers[type];
          return serializer ? serializer(value) : value.toString();
        });
        // Bind, Describe, Execute and Sync in one call into Postgres, which reads them in
        // turn (after an error it skips to the Sync, as the protocol says) and answers all.
        synced = true;
        messages.push(
          ...(await send(
            Buffer.concat([
              serialize.bind({ statement: statement.name, values }),
              serialize.describe({ type: "P" }),
              serialize.execute({}),
              serialize.sync(),
            ]),
          )),
        );
      } catch (error) {
        if (error instanceof Error) Object.assign(error, { query: text, params });
        throw error;
      } finally {
        // A statement that failed to parse: Postgres skips everything until a Sync.
        if (!synced) await send(serialize.sync());
      }
      await pglite.syncToFs();
      const { rawTypes, ...rest } = options ?? {};
      return parse.parseResults(messages, parsersKeeping(rawTypes), rest)[0];
    }),
  );
}

/** Parses and describes `text` under a new name, closing the least recently used one when full. */
async function prepare(text) {
  if (statements.size >= STATEMENT_LIMIT) {
    const [unusedText, unused] = statements.entries().next().value;
    statements.delete(unusedText);
    await send(serialize.close({ type: "S", name: unused.name }));
  }
  const name = `plotline_${++statementCount}`;
  await send(serialize.parse({ name, text }));
  const types = parse.parseDescribeStatementResults(await send(serialize.describe({ type: "S", name })));
  return { name, types };
}

/**
 * The caller's parsers are functions, which cannot cross threads: it names the type ids
 * whose values it wants as the database's text (Drizzle does this for dates and intervals).
 */
function withParsers(options) {
  if (!options) return undefined;
  const { rawTypes, ...rest } = options;
  if (!rawTypes?.length) return rest;
  return { ...rest, parsers: textParsers(rawTypes) };
}

const textParsers = (rawTypes) => Object.fromEntries(rawTypes.map((oid) => [oid, keepAsText]));

/**
 * PGlite's parsers with `rawTypes` kept as text, merged once per list of types. Given
 * parsers of its own, PGlite's result parsing copies its ~320 type parsers into a new object
 * for every statement: ~0.08 ms, half of what parsing a page's small results costs.
 */
const mergedParsers = new Map();
function parsersKeeping(rawTypes) {
  if (!rawTypes?.length) return pglite.parsers;
  const key = rawTypes.join(",");
  let parsers = mergedParsers.get(key);
  if (!parsers) {
    parsers = { ...pglite.parsers, ...textParsers(rawTypes) };
    mergedParsers.set(key, parsers);
  }
  return parsers;
}

let nextTransaction = 0;
/** How each open transaction ended, by id: null once committed, else the error. */
const endings = new Map();

function begin() {
  const id = ++nextTransaction;
  return new Promise((opened, failed) => {
    let began = false;
    const ending = pglite
      .transaction(
        (handle) =>
          new Promise((commit, rollback) => {
            began = true;
            transactions.set(id, { handle, commit, rollback });
            opened(id);
          }),
      )
      .then(
        () => null,
        (error) => error,
      );
    endings.set(id, ending);
    // BEGIN itself failed: the caller is still waiting for its id.
    ending.then((error) => {
      if (!began) {
        endings.delete(id);
        failed(error);
      }
    });
  });
}

async function end(id, op) {
  const open = transactions.get(id);
  const ending = endings.get(id);
  transactions.delete(id);
  endings.delete(id);
  if (!open || !ending) throw new Error(`transaction ${id} is not open`);
  if (op === "commit") open.commit();
  else open.rollback(new RollbackRequested());
  const error = await ending;
  if (error && !(error instanceof RollbackRequested)) throw error;
  return null;
}

class RollbackRequested extends Error {}

/** A Postgres error's fields (code, constraint, detail…) travel with its message. */
function describe(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function") continue;
    fields[key] = typeof value === "object" && value !== null ? safeClone(value) : value;
  }
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

function safeClone(value) {
  try {
    return structuredClone(value);
  } catch {
    return String(value);
  }
}
