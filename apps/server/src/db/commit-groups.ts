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
   * Whose write it is (a message's sender): one write per author is in flight or waiting at a
   * time, the next waits for it to commit. A group holds every lock it took until its commit, so
   * two transactions each holding a write of the same person (whose lock each write takes after
   * its row's) could each wait for the other's row.
   */
  author: string;
  /**
   * One write, atomic on its own: it runs on `tx`, the group's transaction, or alone on the
   * database itself without one (so one statement, or work that opens its own transaction). A
   * group whose COMMIT fails runs it again alone, so it must be safe to run twice when a commit
   * was lost with its connection (a message is, by its clientId).
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

/**
 * How long the oldest waiting write may have waited before the instance is backlogged
 * (writesBacklogged): half the message budget (p95 ≤ 100 ms, architecture §7), which leaves the
 * other half for the write itself, its commit and the event's way to the streams.
 */
export const BACKLOG_MS = 50;

interface Waiting<T> extends GroupedWrite<T> {
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
  /** When it began to wait (performance.now()). */
  since: number;
}

class CommitGroups {
  /** Writes ready for the next group, oldest first. */
  private readonly waiting: Waiting<unknown>[] = [];
  /** Whose writes are waiting or in flight: a further write of theirs is parked (GroupedWrite.author). */
  private readonly claimed = new Set<string>();
  /** Writes parked behind one of the same person's, in the order they came. */
  private readonly parked = new Map<string, Waiting<unknown>[]>();
  private inFlight = 0;

  constructor(private readonly db: Db) {}

  run<T>(write: GroupedWrite<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const w = { ...write, resolve, reject, since: performance.now() } as Waiting<unknown>;
      if (!this.claimed.has(w.author)) {
        this.claimed.add(w.author);
        this.waiting.push(w);
      } else {
        this.parked.set(w.author, [...(this.parked.get(w.author) ?? []), w]);
      }
      this.startGroups();
    });
  }

  /** After `w` committed or failed: the next parked write of the same person is ready. */
  private release(w: Waiting<unknown>) {
    const [next, ...rest] = this.parked.get(w.author) ?? [];
    if (rest.length > 0) this.parked.set(w.author, rest);
    else this.parked.delete(w.author);
    if (next === undefined) {
      this.claimed.delete(w.author);
      return;
    }
    // It waits for the budget from now: the time it was parked was its sender's own doing.
    next.since = performance.now();
    this.waiting.push(next);
  }

  /** Whether the oldest write ready for a group has waited BACKLOG_MS or more. */
  backlogged(): boolean {
    const oldest = this.waiting[0];
    return oldest !== undefined && performance.now() - oldest.since >= BACKLOG_MS;
  }

  private startGroups() {
    while (this.inFlight < GROUPS_IN_FLIGHT && this.waiting.length > 0) {
      const group = this.waiting.splice(0, MAX_GROUP);
      this.inFlight++;
      void this.commit(group).finally(() => {
        this.inFlight--;
        group.forEach((w) => this.release(w));
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

function groupsOf(db: Db): CommitGroups {
  let groups = groupsPerDatabase.get(db);
  if (groups === undefined) groupsPerDatabase.set(db, (groups = new CommitGroups(db)));
  return groups;
}

/** Runs `write` in the next group of `db`'s writes, and settles once that group commits. */
export const writeInGroup = <T>(db: Db, write: GroupedWrite<T>): Promise<T> => groupsOf(db).run(write);

/**
 * Whether this instance's writes to `db` are further behind than the budget allows: a caller
 * then refuses new work for a moment (ADR 0082) rather than queue it, since every write queued
 * behind the backlog would be late too, and the queue would only grow while the arrivals outrun
 * the commits.
 */
export const writesBacklogged = (db: Db): boolean => groupsPerDatabase.get(db)?.backlogged() ?? false;
