export * from './events';
export * from './outbox';
export * from './safety';
export * from './send';
export * from './store';
export * from './worker';
export * from './routes';
export * from './service';
