// The door of experiment/'s internals: other layers import experiment/private, never a file behind it.
export * from './render';
