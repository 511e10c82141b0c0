export * from './api-form';
export * from './use-api-form';
export * from './use-go-back';
export * from './use-record-form';
export * from './record-state';
export * from './form-page';
export * from './form-section';
