import '@testing-library/jest-dom/jest-globals';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the encoders react-router needs at import time; Node's are the same standard API.
Object.assign(globalThis, { TextEncoder, TextDecoder });
