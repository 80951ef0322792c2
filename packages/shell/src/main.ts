// The async boundary: shared modules (React, MUI, …) are negotiated before bootstrap runs.
void import('./bootstrap');
