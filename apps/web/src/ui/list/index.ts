export * from './list-page';
export * from './use-list-params';
