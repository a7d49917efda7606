import { spawn } from 'node:child_process';
import { once } from 'node:events';
const port = 40000 + Math.floor(Math.random() * 20000);
const t0 = performance.now();
const child = spawn(process.execPath, [process.argv[3] ?? 'dist/node/main.mjs'], {
  cwd: '/work/wt/speed',
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: process.argv[2],
  },
});
for (;;) {
  const ok = await fetch(`http://127.0.0.1:${port}/`).then(
    (r) => r.status === 200,
    () => false,
  );
  if (ok) break;
  await new Promise((r) => setTimeout(r, 20));
}
console.log('first page', (performance.now() - t0).toFixed(0), (await import('node:os')).loadavg()[0]);
child.kill('SIGTERM');
await once(child, 'exit');
