export * from '../types';
export * from './engine';
export * from './format';
export * from './synth-check';
