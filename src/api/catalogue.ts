// The catalogue calls of spec section 7 ("Subjects, themes, homework", "Courses"), parsed with the contract
// schemas, and the TanStack Query hooks of the /edu/materials screen. Every key starts with 'catalogue', so one
// invalidation after a change refreshes every count that may depend on it (levels per subject, groups per course).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  course,
  coursePage,
  homework,
  homeworkPage,
  level,
  subject,
  subjectPage,
  theme,
  type CourseCreateInput,
  type CoursePatch,
  type HomeworkCreate,
  type LevelCreate,
  type LevelUpdate,
  type SubjectCreate,
  type SubjectUpdate,
  type ThemeCreate,
  type ThemePatch,
  type ThemeUpdate,
} from '../../contract/catalogue';
import { IMPORT_FILE_FIELD, importResult, type ImportResult } from '../../contract/catalogueImport';
import type { SessionActorRef } from '../machines/session';
import { ApiError } from './errors';
import { createHttpClient, api } from './http';

// ------------------------------------------------------------------------------------------------- query keys

export type SubjectsFilter = { page: number; q: string; is_archived: boolean };
export type CoursesFilter = { page: number; filial: number | null; subject: number | null; level: number | null; is_archived: boolean };
export type HomeworkFilter = { page: number; filial: number | null; theme: number };

export const catalogueKeys = {
  all: ['catalogue'] as const,
  subjects: (filter: SubjectsFilter) => ['catalogue', 'subjects', 'page', filter] as const,
  subjectOptions: () => ['catalogue', 'subjects', 'options'] as const,
  levels: (subject: number, archived: boolean) => ['catalogue', 'levels', { subject, archived }] as const,
  themes: (level: number, archived: boolean) => ['catalogue', 'themes', { level, archived }] as const,
  homework: (filter: HomeworkFilter) => ['catalogue', 'homework', filter] as const,
  courses: (filter: CoursesFilter) => ['catalogue', 'courses', filter] as const,
};

// ---------------------------------------------------------------------------------------------------- reads

export function fetchSubjects(filter: SubjectsFilter) {
  return api.get('/subjects/', { params: { page: filter.page, q: filter.q.trim(), is_archived: filter.is_archived }, schema: subjectPage });
}

/** Active subjects for the choosers of the other tabs. */
export function fetchSubjectOptions() {
  return api.get('/subjects/no-pg/', { schema: z.array(subject) });
}

export function fetchLevels(subjectId: number, archived = false) {
  return api.get('/subjects/level/no-pg/', { params: { subject: subjectId, is_archived: archived }, schema: z.array(level) });
}

export function fetchThemes(levelId: number, archived = false) {
  return api.get('/api/v2/subjects/themes/no-pg', { params: { level: levelId, is_archived: archived }, schema: z.array(theme) });
}

export function fetchHomework(filter: HomeworkFilter) {
  return api.get('/homework/', { params: { page: filter.page, filial: filter.filial, theme: filter.theme }, schema: homeworkPage });
}

export function fetchCourses(filter: CoursesFilter) {
  return api.get('/courses/', {
    params: { page: filter.page, filial: filter.filial, subject: filter.subject, level: filter.level, is_archived: filter.is_archived },
    schema: coursePage,
  });
}

export function useSubjects(filter: SubjectsFilter) {
  return useQuery({ queryKey: catalogueKeys.subjects(filter), queryFn: () => fetchSubjects(filter), placeholderData: keepPreviousData });
}

export function useSubjectOptions() {
  return useQuery({ queryKey: catalogueKeys.subjectOptions(), queryFn: fetchSubjectOptions });
}

export function useLevels(subjectId: number | null, archived = false) {
  return useQuery({
    queryKey: catalogueKeys.levels(subjectId ?? 0, archived),
    queryFn: () => fetchLevels(subjectId as number, archived),
    enabled: subjectId !== null,
  });
}

export function useThemes(levelId: number | null, archived = false) {
  return useQuery({
    queryKey: catalogueKeys.themes(levelId ?? 0, archived),
    queryFn: () => fetchThemes(levelId as number, archived),
    enabled: levelId !== null,
  });
}

export function useHomework(filter: HomeworkFilter) {
  return useQuery({ queryKey: catalogueKeys.homework(filter), queryFn: () => fetchHomework(filter), placeholderData: keepPreviousData });
}

export function useCourses(filter: CoursesFilter) {
  return useQuery({
    queryKey: catalogueKeys.courses(filter),
    queryFn: () => fetchCourses(filter),
    // Courses belong to a branch: nothing to list until one is chosen.
    enabled: filter.filial !== null,
    placeholderData: keepPreviousData,
  });
}

// --------------------------------------------------------------------------------------------------- writes

export const createSubject = (body: SubjectCreate) => api.post('/subjects/', body, { schema: subject });
export const updateSubject = (id: number, body: SubjectUpdate) => api.patch(`/subjects/${id}/`, body, { schema: subject });

export const createLevel = (body: LevelCreate) => api.post('/subjects/level/', body, { schema: level });
export const updateLevel = (id: number, body: LevelUpdate) => api.patch(`/subjects/level/${id}/`, body, { schema: level });

export const createTheme = (body: ThemeCreate) => api.post('/subjects/theme/', body, { schema: theme });
export const updateTheme = (id: number, body: ThemeUpdate) => api.put(`/subjects/theme/${id}/`, body, { schema: theme });
export const patchTheme = (id: number, body: ThemePatch) => api.patch(`/subjects/theme/${id}/`, body, { schema: theme });

export const createHomework = (body: HomeworkCreate) => api.post('/homework/', body, { schema: homework });
export const updateHomework = (id: number, body: HomeworkCreate) => api.put(`/homework/${id}/`, body, { schema: homework });

export const createCourse = (body: CourseCreateInput) => api.post('/courses/', body, { schema: course });
export const updateCourse = (id: number, body: CourseCreateInput & { is_archived?: boolean }) => api.put(`/courses/${id}/`, body, { schema: course });
export const patchCourse = (id: number, body: CoursePatch) => api.patch(`/courses/${id}/`, body, { schema: course });

export type ReorderKind = 'levels' | 'themes';

/** PATCH /api/v2/subjects/{levels|themes}/reorder with the parent's full id list in the new order. */
export function reorderCatalogue(kind: ReorderKind, parentId: number, ids: readonly number[]): Promise<unknown> {
  const body = kind === 'levels' ? { subject: parentId, ids } : { level: parentId, ids };
  return api.patch(`/api/v2/subjects/${kind}/reorder`, body);
}

// --------------------------------------------------------------------------------------------------- import

export type ImportOutcome = { kind: 'done' | 'rejected'; result: ImportResult };

type UploadOptions = {
  /** The app's session actor: the upload goes through it like every call (refresh before, one retry after 401). */
  session: SessionActorRef;
  /** 0..1 as the browser sends the file. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * POST /subjects/import/ (multipart, field `file`). 200 → done; 400 with the import answer (nothing written) →
 * rejected, with the rows and reasons. Other failures throw ApiError (a 400 `{file: [...]}` names the file's problem).
 * Sent through XMLHttpRequest so the dialog can show real upload progress, which fetch cannot report.
 */
export async function uploadCatalogue(file: File, options: UploadOptions): Promise<ImportOutcome> {
  const client = createHttpClient({
    session: () => options.session,
    fetch: xhrFetch({ onProgress: options.onProgress, signal: options.signal }),
  });
  const form = new FormData();
  form.append(IMPORT_FILE_FIELD, file);
  try {
    return { kind: 'done', result: await client.post('/subjects/import/', form, { schema: importResult }) };
  } catch (error) {
    const rejected = error instanceof ApiError && error.status === 400 ? importResult.safeParse(error.body) : null;
    if (rejected?.success) return { kind: 'rejected', result: rejected.data };
    throw error;
  }
}

type XhrFetchOptions = { onProgress?: (fraction: number) => void; signal?: AbortSignal };

/** A `fetch` over XMLHttpRequest: the same Response to the client, plus upload progress. */
function xhrFetch(options: XhrFetchOptions): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', String(input instanceof Request ? input.url : input));
      new Headers(init.headers).forEach((value, key) => xhr.setRequestHeader(key, value));
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total);
      };
      xhr.onload = () => {
        const text = xhr.responseText;
        const headers = new Headers();
        const type = xhr.getResponseHeader('content-type');
        if (type) headers.set('content-type', type);
        const noBody = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
        resolve(new Response(noBody ? null : text, { status: xhr.status, statusText: xhr.statusText, headers }));
      };
      // Like fetch: no answer at all is a TypeError (the client turns it into a network ApiError).
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
      if (options.signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
      options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
