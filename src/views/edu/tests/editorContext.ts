import { createContext, useContext } from 'react';
import type { TestEditorActorRef } from '../../../machines/testEditor';

/** The page's editor actor, for the parts that send it edits. */
export const EditorContext = createContext<TestEditorActorRef | null>(null);

export function useEditor(): TestEditorActorRef {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('useEditor outside <EditorContext.Provider>');
  return editor;
}
