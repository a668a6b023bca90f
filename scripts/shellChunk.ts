// Chunking rule for the signed-in shell: every module the shell needs (ShellLayout, the routes table, zod's messages,
// the auth schemas, and what they import statically) goes into one `shell` chunk, so signing in fetches and
// instantiates one file instead of some forty small common chunks. Pages that import one of these modules take it
// from that chunk, which is always loaded before any page.
import path from 'node:path';
import type { ChunkingContext } from 'rolldown';

export const SHELL_ROOTS = ['src/views/shell/ShellLayout.tsx', 'src/app/routes.ts', 'src/i18n/zodLocale.ts', 'src/api/authSchemas.ts'];

export function shellChunkName(root: string): (id: string, ctx: ChunkingContext) => string | null {
  let shell: Set<string> | null = null;
  return (id, ctx) => {
    if (!shell) {
      shell = new Set();
      const queue = SHELL_ROOTS.map((r) => path.join(root, r));
      for (const next of queue) {
        const info = ctx.getModuleInfo(next);
        if (!info) throw new Error(`shell chunk: no module ${next}`);
        if (shell.has(next)) continue;
        shell.add(next);
        queue.push(...info.importedIds);
      }
    }
    return shell.has(id) ? 'shell' : null;
  };
}
