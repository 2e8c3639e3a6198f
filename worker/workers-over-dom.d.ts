// The Worker's program holds the DOM's types beside the Workers runtime's (worker/tsconfig.json, as
// Cloudflare's React templates do). Where both declare the same global, the DOM's declaration is the one
// the compiler keeps; what the Workers runtime adds to it is declared again here.

interface CacheStorage {
  /** The Workers runtime's default cache (https://developers.cloudflare.com/workers/runtime-apis/cache/). */
  readonly default: Cache;
}

interface SubtleCrypto {
  /** The Workers runtime digests any bytes, over an ArrayBuffer or not (fast-png's, fflate's). */
  digest(algorithm: AlgorithmIdentifier, data: ArrayBufferView | ArrayBuffer): Promise<ArrayBuffer>;
}
