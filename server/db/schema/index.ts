export * from './catalog.ts';
export * from './users.ts';
export * from './billing.ts';
export * from './transformations.ts';
export * from './engine-health.ts';
export * from './layouts.ts';
export * from './public-links.ts';
