// The demo centre's catalogue: three subjects with their levels and a few themes each, courses in every branch
// at realistic monthly prices (UZS) and some homework. Plain bulk inserts in the demo seed's transaction.
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { courses, employees, homework, subjectLevels, subjects, themes } from '../db/schema';
import type { DemoFilial } from './demo';

type DemoSubject = { name: string; levels: { name: string; themes: string[] }[] };

export const DEMO_SUBJECTS: DemoSubject[] = [
  {
    name: 'Ingliz tili',
    levels: [
      { name: 'Beginner', themes: ['Alphabet and sounds', 'To be: am, is, are', 'Numbers and colours', 'My family'] },
      { name: 'Elementary', themes: ['Present Simple', 'Daily routine', 'There is / there are', 'Food and drinks'] },
      { name: 'Pre-Intermediate', themes: ['Past Simple', 'Travel and holidays', 'Comparatives and superlatives'] },
      { name: 'Intermediate', themes: ['Present Perfect', 'Modal verbs', 'Work and careers'] },
      { name: 'Upper-Intermediate', themes: ['Conditionals', 'Passive voice', 'Reported speech'] },
      { name: 'IELTS', themes: ['Listening strategies', 'Reading: True / False / Not Given', 'Writing Task 1', 'Speaking Part 2'] },
    ],
  },
  {
    name: 'Matematika',
    levels: [
      { name: 'Boshlang‘ich', themes: ['Natural sonlar', 'Kasrlar', 'Foizlar'] },
      { name: 'O‘rta', themes: ['Tenglamalar', 'Funksiyalar', 'Geometriya asoslari'] },
      { name: 'Abituriyent', themes: ['Logarifmlar', 'Trigonometriya', 'Test yechish usullari'] },
    ],
  },
  {
    name: 'Rus tili',
    levels: [
      { name: 'Boshlang‘ich', themes: ['Alifbo va talaffuz', 'Tanishuv', 'Otlarning rodi'] },
      { name: 'O‘rta', themes: ['Kelishiklar', 'Fe’l zamonlari', 'Shahar bo‘ylab'] },
    ],
  },
];

type DemoCourse = { subject: string; level: string; name: string; price: string; lessons: number; months: number };

/** Courses per branch (2–4 each); Samarqand is a little cheaper than Tashkent. */
export const DEMO_COURSES: Record<DemoFilial, DemoCourse[]> = {
  Chilonzor: [
    { subject: 'Ingliz tili', level: 'Beginner', name: 'Ingliz tili Beginner', price: '450000.00', lessons: 12, months: 3 },
    { subject: 'Ingliz tili', level: 'Intermediate', name: 'Ingliz tili Intermediate', price: '550000.00', lessons: 12, months: 4 },
    { subject: 'Ingliz tili', level: 'IELTS', name: 'IELTS intensiv', price: '800000.00', lessons: 20, months: 3 },
    { subject: 'Matematika', level: 'Abituriyent', name: 'Matematika abituriyentlar uchun', price: '500000.00', lessons: 12, months: 9 },
  ],
  Yunusobod: [
    { subject: 'Ingliz tili', level: 'Elementary', name: 'Ingliz tili Elementary', price: '450000.00', lessons: 12, months: 3 },
    { subject: 'Ingliz tili', level: 'Pre-Intermediate', name: 'Ingliz tili Pre-Intermediate', price: '500000.00', lessons: 12, months: 3 },
    { subject: 'Rus tili', level: 'Boshlang‘ich', name: 'Rus tili boshlang‘ich', price: '400000.00', lessons: 12, months: 4 },
  ],
  Samarqand: [
    { subject: 'Ingliz tili', level: 'Beginner', name: 'Ingliz tili Beginner', price: '380000.00', lessons: 12, months: 3 },
    { subject: 'Matematika', level: 'O‘rta', name: 'Matematika o‘rta', price: '350000.00', lessons: 8, months: 6 },
  ],
};

const DEMO_HOMEWORK: { filial: DemoFilial; subject: string; level: string; theme: string; title: string; description: string }[] = [
  {
    filial: 'Chilonzor',
    subject: 'Ingliz tili',
    level: 'Beginner',
    theme: 'To be: am, is, are',
    title: 'Workbook, 4-bet',
    description: '1–3-mashqlar; 10 ta gap tuzing.',
  },
  {
    filial: 'Chilonzor',
    subject: 'Ingliz tili',
    level: 'IELTS',
    theme: 'Writing Task 1',
    title: 'Line graph essay',
    description: '150 so‘zdan kam bo‘lmagan insho yozing.',
  },
  {
    filial: 'Yunusobod',
    subject: 'Ingliz tili',
    level: 'Elementary',
    theme: 'Present Simple',
    title: 'Daily routine haqida matn',
    description: 'Kun tartibingiz haqida 8–10 gap.',
  },
];

/** Seeds the catalogue; the homework is signed by the demo director. */
export async function seedCatalogue(tx: DbOrTx, filialId: (name: DemoFilial) => number): Promise<void> {
  const [director] = await tx.select({ id: employees.id }).from(employees).where(eq(employees.role, 'DIRECTOR')).orderBy(asc(employees.id)).limit(1);
  const subjectRows = await tx
    .insert(subjects)
    .values(DEMO_SUBJECTS.map((s) => ({ name: s.name })))
    .returning({ id: subjects.id, name: subjects.name });
  const subjectId = (name: string) => subjectRows.find((s) => s.name === name)!.id;

  const levelRows = await tx
    .insert(subjectLevels)
    .values(DEMO_SUBJECTS.flatMap((s) => s.levels.map((l, i) => ({ subjectId: subjectId(s.name), name: l.name, position: i + 1 }))))
    .returning({ id: subjectLevels.id, subjectId: subjectLevels.subjectId, name: subjectLevels.name });
  const levelId = (subject: string, level: string) => levelRows.find((l) => l.subjectId === subjectId(subject) && l.name === level)!.id;

  const themeRows = await tx
    .insert(themes)
    .values(
      DEMO_SUBJECTS.flatMap((s) =>
        s.levels.flatMap((l) => l.themes.map((name, i) => ({ levelId: levelId(s.name, l.name), name, position: i + 1 }))),
      ),
    )
    .returning({ id: themes.id, levelId: themes.levelId, name: themes.name });
  const themeId = (subject: string, level: string, theme: string) =>
    themeRows.find((t) => t.levelId === levelId(subject, level) && t.name === theme)!.id;

  await tx.insert(courses).values(
    (Object.entries(DEMO_COURSES) as [DemoFilial, DemoCourse[]][]).flatMap(([filial, list]) =>
      list.map((c) => ({
        filialId: filialId(filial),
        subjectId: subjectId(c.subject),
        levelId: levelId(c.subject, c.level),
        name: c.name,
        price: c.price,
        lessonsPerMonth: c.lessons,
        durationMonths: c.months,
      })),
    ),
  );

  await tx.insert(homework).values(
    DEMO_HOMEWORK.map((h) => ({
      filialId: filialId(h.filial),
      themeId: themeId(h.subject, h.level, h.theme),
      title: h.title,
      description: h.description,
      createdBy: director?.id ?? null,
    })),
  );
}
