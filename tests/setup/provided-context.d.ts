// What the vitest global setups hand to tests with `provide`/`inject`.
declare module 'vitest' {
  export interface ProvidedContext {
    /** The database emulator the Worker tests read and write (each test file uses its own namespace). */
    databaseUrl: string;
  }
}

export {};
