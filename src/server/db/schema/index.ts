export * from './site.ts';
export * from './users.ts';
