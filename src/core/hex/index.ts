export * from './coords.ts';
export * from './facing.ts';
export * from './flight.ts';
