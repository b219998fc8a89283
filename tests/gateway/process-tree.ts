/**
 * The processes a launcher left behind, as an operator would look for them: the tree under a pid
 * (`ps`), whether a pid still runs, whether a port still accepts connections.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** Gone, or a zombie: a dead process init has not reaped holds no port and runs nothing. */
export function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    // reaped between the two looks
    return true;
  }
}

/** Every live process under `root` (children, theirs, and so on), with its command line. */
export function descendants(root: number): Array<{ pid: number; command: string }> {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => {
      const [pid, ppid, ...command] = line.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), command: command.join(' ') };
    });
  const found: Array<{ pid: number; command: string }> = [];
  const visit = (parent: number) => {
    for (const { pid, ppid, command } of rows) {
      if (ppid !== parent) continue;
      if (!gone(pid)) found.push({ pid, command });
      visit(pid);
    }
  };
  visit(root);
  return found;
}

/** Whether something accepts connections on the port. */
export const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
