// CPU time spent by the processes of a bench, read from /proc (Linux only): what one request
// costs the server, PostgreSQL and the bench itself. Unlike a rate, this barely moves when other
// work shares the machine, so it shows what a change saves even when the machine is not quiet.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** utime + stime of a process in seconds, with its parent's pid; null once it has gone. */
function statOf(pid) {
  try {
    // The command name (field 2) may hold spaces and parentheses: read the fields after its last ')'.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop().trim().split(' ');
    return { ppid: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** The PostgreSQL postmaster serving `dataDir` and its backends, as they are now. */
function postgresPids(dataDir) {
  const all = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  const postmaster = all.find((pid) => {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return cmd.split('\0')[0].endsWith('/postgres') && cmd.includes(dataDir);
    } catch {
      return false;
    }
  });
  if (!postmaster) return [];
  return [postmaster, ...all.filter((pid) => statOf(pid)?.ppid === Number(postmaster))];
}

/**
 * A snapshot of the CPU seconds of a server (its pid) and of the PostgreSQL in its data dir
 * (backends that ended since the last snapshot are missed, so keep the pool's connections open).
 */
export function cpuSnapshot(server) {
  const pg = postgresPids(server.dataDir);
  return {
    server: statOf(server.child.pid)?.seconds ?? 0,
    postgres: new Map(pg.map((pid) => [pid, statOf(pid)?.seconds ?? 0])),
    bench: process.cpuUsage(),
  };
}

/** Milliseconds of CPU per unit of work between two snapshots, per part. */
export function cpuPerUnit(before, after, units) {
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
  const bench = process.cpuUsage(before.bench);
  const per = (seconds) => (seconds * 1000) / Math.max(units, 1);
  return {
    server: per(after.server - before.server),
    postgres: per(postgres),
    bench: per((bench.user + bench.system) / 1e6),
  };
}
