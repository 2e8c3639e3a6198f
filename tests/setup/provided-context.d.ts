// What the vitest global setups hand to tests with `provide`/`inject`.
declare module 'vitest' {
  export interface ProvidedContext {
    /** The database emulator the Worker tests read and write (each test file uses its own namespace). */
    databaseUrl: string;
    /** The search function (functions/src/search/callable-test-server.ts): its base URL, as FUNCTIONS_BASE_URL. */
    searchFunctionsBaseUrl: string;
    /** Where its stand-ins answer: `<origin>/stand-in-<failure>/us-central1`. */
    searchFunctionsOrigin: string;
    /** The database the search function indexes, and its namespace: Worker tests write games and members there. */
    searchDatabaseUrl: string;
    searchDatabaseNamespace: string;
    /** The real anon-auth handler (same server), and the secret it takes from the Worker. */
    anonAuthFunctionsBaseUrl: string;
    anonAuthWorkerSecret: string;
    /** The namespace of the database those functions write (device bindings), on searchDatabaseUrl. */
    anonAuthDatabaseNamespace: string;
    /** Where stand-ins of the home feed function answer (tests/setup/feed-function-stand-ins.ts): `<origin>/stand-in-<kind>/us-central1`. */
    feedFunctionsOrigin: string;
    /**
     * `POST` here imports the real catalogue once per run into a namespace of `databaseUrl`, and answers
     * `{ namespace }` (tests/setup/catalogue-fixture.ts).
     */
    catalogueFixtureUrl: string;
  }
}

export {};
