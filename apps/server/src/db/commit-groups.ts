import type { Db, DbOrTx } from './client.js';

/**
 * Writes that arrive while earlier ones are committing wait and commit together, in one
 * transaction (ADR 0082): one WAL flush and one NOTIFY (migration 0033's deferred trigger carries
 * every event of a transaction) for all of them, where each on its own would queue for the
 * database-wide lock a NOTIFYing commit holds until its flush (ADR 0049, ADR 0081). A write that
 * finds nothing in flight runs at once, as its own statement: a quiet instance pays nothing.
 */
export interface GroupedWrite<T> {
  /**
   * The group runs its writes in this order (stably: equal keys keep their arrival order), so two
   * groups take the rows they both lock in the same order and do not deadlock on them.
   */
  order: string;
  /**
   * One write, atomic on its own: it runs on `tx`, the group's transaction, or alone on the
   * database itself without one (so one statement, or work that opens its own transaction).
   */
  write: (tx: DbOrTx) => Promise<T>;
}

/** Groups committing at once per database: one writes while the other waits for its flush. */
const GROUPS_IN_FLIGHT = 2;
/**
 * The most writes one group holds: its row locks are held until its commit, so a write that
 * arrives for one of its rows waits for all of them.
 */
const MAX_GROUP = 32;

interface Waiting<T> extends GroupedWrite<T> {
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

class CommitGroups {
  private readonly waiting: Waiting<unknown>[] = [];
  private inFlight = 0;

  constructor(private readonly db: Db) {}

  run<T>(write: GroupedWrite<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ ...write, resolve, reject } as Waiting<unknown>);
      this.startGroups();
    });
  }

  private startGroups() {
    while (this.inFlight < GROUPS_IN_FLIGHT && this.waiting.length > 0) {
      const group = this.waiting.splice(0, MAX_GROUP);
      this.inFlight++;
      void this.commit(group).finally(() => {
        this.inFlight--;
        this.startGroups();
      });
    }
  }

  private async commit(group: Waiting<unknown>[]) {
    if (group.length === 1) return this.alone(group[0]!);
    const ordered = [...group].sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
    let results: unknown[];
    try {
      results = await this.db.transaction(async (tx) => {
        const out: unknown[] = [];
        for (const w of ordered) out.push(await w.write(tx));
        return out;
      });
    } catch {
      // One write failed (a refusal the database raises, a deadlock with another group) and the
      // group rolled back: nothing of it committed, so each runs again on its own, and a failure
      // is then that write's alone.
      await Promise.all(ordered.map((w) => this.alone(w)));
      return;
    }
    // Answered only now: a write is done when its commit is.
    ordered.forEach((w, i) => w.resolve(results[i]));
  }

  private async alone(w: Waiting<unknown>) {
    try {
      w.resolve(await w.write(this.db));
    } catch (err) {
      w.reject(err);
    }
  }
}

const groupsPerDatabase = new WeakMap<Db, CommitGroups>();

/** Runs `write` in the next group of `db`'s writes, and settles once that group commits. */
export function writeInGroup<T>(db: Db, write: GroupedWrite<T>): Promise<T> {
  let groups = groupsPerDatabase.get(db);
  if (groups === undefined) groupsPerDatabase.set(db, (groups = new CommitGroups(db)));
  return groups.run(write);
}
