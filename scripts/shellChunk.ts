// Chunking rules for the signed-in start, by static reachability in the module graph:
// - `shell`: every module the shell needs (ShellLayout, the routes table, zod's messages, the auth schemas, and what
//   they import statically) in one chunk, so signing in fetches and instantiates one file instead of some forty
//   small common chunks. Pages take such a module from that chunk, which is always loaded before any page.
// - `list`: what the student list page (the page a session most often opens on) imports beyond the boot chunk and
//   the shell, in one chunk next to the page's own: its table, filters, export and schemas came as 27 files, and
//   every file a cold load starts costs the browser's main thread a few milliseconds before any code runs. Other
//   pages that share some of these modules load this chunk on their first visit.
import path from 'node:path';
import type { ChunkingContext } from 'rolldown';

export const SHELL_ROOTS = ['src/views/shell/ShellLayout.tsx', 'src/app/routes.ts', 'src/i18n/zodLocale.ts', 'src/api/authSchemas.ts'];
export const LIST_ROOT = 'src/views/students/StudentsListPage.tsx';

/** Names `name` the modules statically reachable from `roots`; with `ownChunkRoots` the roots keep their own chunk. */
export function reachableChunkName(root: string, roots: string[], name: string, ownChunkRoots = false): (id: string, ctx: ChunkingContext) => string | null {
  let members: Set<string> | null = null;
  const starts = roots.map((r) => path.join(root, r));
  return (id, ctx) => {
    if (!members) {
      members = new Set();
      const queue = [...starts];
      for (const next of queue) {
        const info = ctx.getModuleInfo(next);
        if (!info) throw new Error(`${name} chunk: no module ${next}`);
        if (members.has(next)) continue;
        members.add(next);
        queue.push(...info.importedIds);
      }
      if (ownChunkRoots) starts.forEach((s) => members!.delete(s));
    }
    return members.has(id) ? name : null;
  };
}
