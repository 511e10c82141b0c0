export * from './validation';
export * from './errors';
export * from './paging';
export * from './statuses';
export * from './auth';
export * from './me';
export * from './order-status';
export * from './app-config';
