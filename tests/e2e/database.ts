import { createRtdbClient, type RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { LOCAL_NAMESPACE } from '../../scripts/stack/local-namespace.ts';

/** The test stack's database as its administrator, to check what the product wrote. */
export function ownerDatabase(): RtdbClient {
  return createRtdbClient({
    databaseUrl: process.env.DATABASE_URL ?? 'http://127.0.0.1:9000',
    namespace: LOCAL_NAMESPACE,
    credential: { kind: 'emulatorOwner' },
  });
}
