import type { TaskDefinition, TaskHandler, TaskOptions } from './types.js';

const tasks = new Map<string, TaskDefinition>();

export const DEFAULT_TASK_OPTIONS: Required<TaskOptions> = {
  maxAttempts: 5,
  timeoutMs: 15 * 60_000,
  concurrency: 1,
  backoff: { baseMs: 2_000, maxMs: 10 * 60_000 },
};

/**
 * Declares a task once per process, at module level of the file that owns it (import that file
 * from server/src/tasks.ts so both the app server and `npm run worker` know it). The name is stored in
 * the jobs table: renaming a task strands its queued jobs.
 */
export function defineTask<P = unknown>(
  name: string,
  handler: TaskHandler<P>,
  opts: TaskOptions = {},
): TaskDefinition<P> {
  if (!/^[a-z][a-z0-9_.-]{0,99}$/.test(name)) throw new Error(`Invalid task name "${name}": lower case, digits, . _ -`);
  if (tasks.has(name)) throw new Error(`Task "${name}" is defined twice`);
  const def: TaskDefinition<P> = { ...DEFAULT_TASK_OPTIONS, ...opts, name, handler };
  if (def.maxAttempts < 1 || def.concurrency < 1 || def.timeoutMs < 1)
    throw new Error(`Task "${name}": maxAttempts, concurrency and timeoutMs must be positive`);
  tasks.set(name, def as TaskDefinition);
  return def;
}

export function taskDefinition(name: string): TaskDefinition | undefined {
  return tasks.get(name);
}

export function definedTaskNames(): string[] {
  return [...tasks.keys()];
}
