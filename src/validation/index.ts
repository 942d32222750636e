export * from './types';
export * from './engine';
export * from './format';
