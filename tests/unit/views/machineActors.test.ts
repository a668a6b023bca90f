// Every actor a view starts reaches the Stately inspector in development: views start actors through
// useMachineActor (src/app/useMachineActor.ts), which hands `useActorRef` the page's one inspector. A view that
// calls `useActorRef` itself would start an actor the inspector never sees; this fails when one does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createMachine, type InspectionEvent } from 'xstate';
import { useMachineActor } from '../../../src/app/useMachineActor';
import { sourceFiles } from '../../support/imports';

// The page inspector, replaced by one that notes which machines' actors report to it.
const seen: string[] = [];
vi.mock('../../../src/machines/inspect', () => ({
  devInspector: () => ({
    next: (event: InspectionEvent) => {
      if (event.type === '@xstate.actor') seen.push(String((event.actorRef as { logic?: { id?: string } }).logic?.id));
    },
  }),
}));

const srcDir = path.resolve(__dirname, '../../../src');
const hookFile = path.join(srcDir, 'app', 'useMachineActor.ts');

/** Where a source calls or imports `useActorRef` (comments aside). */
function directUses(source: string): number {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  return (code.match(/\buseActorRef\b/g) ?? []).length;
}

const probeMachine = createMachine({ id: 'probe', initial: 'idle', states: { idle: {} } });
function Probe() {
  useMachineActor(probeMachine);
  return null;
}

describe('actors started by views', () => {
  it('sees a direct call however it is imported', () => {
    expect(directUses("import { useActorRef } from '@xstate/react';\nconst a = useActorRef(m);")).toBe(2);
    expect(directUses("import { useActorRef as ref } from '@xstate/react';")).toBe(1);
    expect(directUses("// useActorRef is not used here\nconst a = useMachineActor(m);")).toBe(0);
  });

  it('go through useMachineActor, never useActorRef', () => {
    const offenders = sourceFiles(srcDir)
      .filter((file) => file !== hookFile && directUses(readFileSync(file, 'utf8')) > 0)
      .map((file) => path.relative(srcDir, file));
    expect(offenders).toEqual([]);
  });

  it('the hook hands the actor to the page inspector', () => {
    seen.length = 0;
    renderToString(createElement(Probe));
    expect(seen).toContain('probe');
  });
});
