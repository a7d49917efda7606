// How the server process is started: by `npm start`, and the same way by the e2e and Lighthouse
// server, the start-up bench and the cluster, so that what they measure is what runs.
// Both settings are about idle memory (issue: speed — idle RSS under 450 MB on PGlite); measured
// in docs/deployment.md, where a deployment that starts `node dist/node/main.mjs` itself finds them.

/**
 * A young generation of 32 MB instead of Node 24's 128 MB: ~75 MB less resident. 8 MB semi-spaces
 * saved ~30 MB more but slowed the 2,000-socket room bench with the extra scavenges.
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=16'];

/**
 * glibc gives threads their own malloc arenas (up to 8 per core) and keeps what they freed; V8's
 * compiler and GC threads (PGlite's WebAssembly above all) left ~100 MB behind in them. Two arenas
 * cost nothing measurable here.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
