// The async boundary: shared modules (react, MUI, market-data…) load before anything uses them.
void import('./bootstrap');
