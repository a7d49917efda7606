// How the server process is started: by `npm start`, and the same way by the e2e and Lighthouse
// server, the start-up bench and the cluster, so that what they measure is what runs.
// Both settings are about idle memory (issue: speed — idle RSS under 450 MB on PGlite); measured
// in docs/deployment.md, where a deployment that starts `node dist/node/main.mjs` itself finds them.

/** Young-generation semi-spaces of 8 MB instead of V8's larger default: ~75 MB less resident, scavenges stay short. */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=8'];

/**
 * glibc gives threads their own malloc arenas (up to 8 per core) and keeps what they freed; V8's
 * compiler and GC threads (PGlite's WebAssembly above all) left ~100 MB behind in them. Two arenas
 * cost nothing measurable here.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
