// Work that must reach the server before the session ends (signing out): e.g. the offer form saves its draft. Each
// task is awaited (failures ignored) before the token is revoked.
type Task = () => Promise<unknown>;
const tasks = new Set<Task>();

/** Registers a task to run before signing out; returns its removal. */
export function beforeSessionEnd(task: Task): () => void {
  tasks.add(task);
  return () => tasks.delete(task);
}

export async function runSessionEndTasks() {
  await Promise.allSettled([...tasks].map((t) => t()));
}
