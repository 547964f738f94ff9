/** Where the JSON API is mounted, for the server that mounts it and the browser that calls it. */
export const API_BASE = '/api/v1';
