// Runs `task` while holding a lock shared by every tab of this origin (Web Locks API), or directly where the
// API is missing (old browsers, Node). Used so two tabs never refresh with the same refresh token at once:
// the server treats reuse of a rotated refresh token as theft and revokes the session.
export async function withCrossTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks?.request) return task();
  return locks.request(name, task) as Promise<T>;
}
