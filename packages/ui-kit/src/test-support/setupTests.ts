// jest-dom matchers (toBeInTheDocument, toHaveStyle…) on the `expect` of @jest/globals.
import '@testing-library/jest-dom/jest-globals';
