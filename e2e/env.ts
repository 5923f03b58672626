// The app and the reference service run on different origins, as in production (CDN + API).
export const API_BASE_URL = 'http://127.0.0.1:4110/v1';
export const MESSAGES_BASE_URL = 'http://127.0.0.1:4111';
export const APP_ORIGIN = 'http://127.0.0.1:4180';
export const APP_URL = `${APP_ORIGIN}/admin/`;
export const API_KEY = 'e2e-key';
