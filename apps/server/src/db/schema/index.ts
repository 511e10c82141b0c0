export * from './users';
export * from './partners';
export * from './locations';
export * from './audit';
export * from './settings';
