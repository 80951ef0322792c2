// The async boundary: shared modules (react, MUI, market-data…) load before anything uses them.
import('./bootstrap');
