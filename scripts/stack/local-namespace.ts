/** The database name the Worker and the tools use locally (wrangler.toml's [env.local] FIREBASE_DATABASE_NAMESPACE). */
export const LOCAL_NAMESPACE = 'questline-demo-default-rtdb';

/** The local Firebase project (wrangler.toml's [env.local] FIREBASE_PROJECT_ID, .firebaserc's default). */
export const LOCAL_PROJECT_ID = 'demo-questline';
