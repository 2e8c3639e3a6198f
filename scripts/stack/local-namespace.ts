/** The database name the Worker and the tools use locally (wrangler.toml's FIREBASE_DATABASE_NAMESPACE). */
export const LOCAL_NAMESPACE = 'questline-demo-default-rtdb';
