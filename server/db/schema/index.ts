// Every table, for drizzle-kit (drizzle.config.ts) and the typed database handle.
export * from './filials';
export * from './employees';
export * from './auth';
export * from './audit';
export * from './notifications';
export * from './settings';
export * from './catalogue';
export * from './groups';
export * from './students';
export * from './tests';
export * from './leads';
export * from './studentRecords';
export * from './finance';
export * from './staff';
export * from './parentMessages';
export * from './telegram';
