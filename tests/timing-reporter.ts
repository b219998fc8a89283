/**
 * Ends every vitest run with where its time went: each project's wall time (first file started to
 * last file ended; projects overlap, as their files share the workers) and the slowest files.
 * A file's time is wall time as the main process sees it: its imports, hooks and tests, and the
 * waits for servers and browsers they start.
 */
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SLOWEST = 20;

interface FileTime {
  project: string;
  file: string;
  startedAt: number;
  endedAt: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class TimingReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly files: FileTime[] = [];
  private runStartedAt = Date.now();

  onTestRunStart(): void {
    this.runStartedAt = Date.now();
  }

  onTestModuleQueued(module: TestModule): void {
    this.started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const endedAt = Date.now();
    this.files.push({
      project: module.project.name,
      file: path.relative(process.cwd(), module.moduleId),
      startedAt: this.started.get(module.moduleId) ?? endedAt,
      endedAt,
    });
  }

  onTestRunEnd(): void {
    if (this.files.length === 0) return;
    const lines: string[] = ['', `Time by project (wall, run ${seconds(Date.now() - this.runStartedAt)}):`];
    const projects = new Map<string, FileTime[]>();
    for (const file of this.files) projects.set(file.project, [...(projects.get(file.project) ?? []), file]);
    for (const [project, files] of [...projects].sort(([a], [b]) => a.localeCompare(b))) {
      const span = Math.max(...files.map((f) => f.endedAt)) - Math.min(...files.map((f) => f.startedAt));
      const total = files.reduce((sum, f) => sum + f.endedAt - f.startedAt, 0);
      lines.push(
        `  ${project.padEnd(18)} ${seconds(span).padStart(9)} wall, ${seconds(total).padStart(9)} in ${files.length} files`,
      );
    }
    const slowest = [...this.files].sort((a, b) => b.endedAt - b.startedAt - (a.endedAt - a.startedAt));
    lines.push(`Slowest ${Math.min(SLOWEST, slowest.length)} files:`);
    for (const f of slowest.slice(0, SLOWEST))
      lines.push(`  ${seconds(f.endedAt - f.startedAt).padStart(8)}  ${f.project.padEnd(18)} ${f.file}`);
    console.log(lines.join('\n'));
  }
}
