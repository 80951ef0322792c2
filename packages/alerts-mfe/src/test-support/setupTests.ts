import '@testing-library/jest-dom/jest-globals';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the encoders react-router needs; a browser has them natively.
Object.assign(globalThis, { TextEncoder, TextDecoder });
