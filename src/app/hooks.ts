import { useSelector } from '@xstate/react';
import { createContext, useContext, useMemo } from 'react';
import type { Me } from '../../contract/auth';
import type { AppActors } from '../machines/appActors';
import { connectAuthGate } from '../machines/authGate';

export const ActorsContext = createContext<AppActors | null>(null);

export function useActors(): AppActors {
  const actors = useContext(ActorsContext);
  if (!actors) throw new Error('useActors outside <ActorsContext.Provider>');
  return actors;
}

/** The signed-in user; only called inside the shell, which renders once the gate has authorised. */
export function useMe(): Me {
  const { gate } = useActors();
  const me = useSelector(gate, (s) => connectAuthGate(s).me);
  if (!me) throw new Error('useMe before the gate authorised the user');
  return me;
}

export function useReadablePages(): ReadonlySet<string> {
  const me = useMe();
  return useMemo(() => new Set(me.pages.filter((p) => p.is_readable).map((p) => p.name)), [me.pages]);
}
